# clgauge sweep fma-strided: gnuplot 'fma-strided.gp' redraws fma-strided.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'fma-strided.png'
set title 'fma-strided on NVIDIA H100 80GB HBM3: fp32 FMA chains where 1 of every s work-items runs: idle SIMD lanes'
set xlabel 'stride s of active work-items'
set ylabel 'useful throughput [GFLOP/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
$s0 << EOD
1 66084.1114
2 32980.4278
4 16530.2809
8 8261.87413
16 4130.97108
32 2066.38723
64 1847.44398
EOD
$t0 << EOD
1 66908.16
2 33454.08
4 16727.04
8 8363.52
16 4181.76
32 2090.88
64 2090.88
EOD
$t1 << EOD
1 66084.1114
2 33042.0557
4 16521.0279
8 8260.51393
16 4130.25696
32 2065.12848
64 2065.12848
EOD
set arrow from 32, graph 0 to 32, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'SIMD width 32' at 32, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'fp32 fma, 1 of every s work-items active', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'peak / min(s, SIMD width 32)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'stride-1 rate / min(s, SIMD width)'
