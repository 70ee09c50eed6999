# clgauge sweep fma-strided: gnuplot 'fma-strided.gp' redraws fma-strided.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'fma-strided.png'
set title 'fma-strided on pthread-skylake-avx512-AMD EPYC: fp32 FMA chains where 1 of every s work-items runs: idle SIMD lanes'
set xlabel 'stride s of active work-items'
set ylabel 'useful throughput [GFLOP/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
$s0 << EOD
1 3.55901607
2 3.42506658
4 3.22564207
8 2.926147
16 2.66193468
32 1.82764078
64 1.80963689
EOD
$t0 << EOD
1 166.144
2 83.072
4 41.536
8 20.768
16 20.768
32 20.768
64 20.768
EOD
$t1 << EOD
1 3.55901607
2 1.77950804
4 0.889754018
8 0.444877009
16 0.444877009
32 0.444877009
64 0.444877009
EOD
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'SIMD width 8' at 8, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'fp32 fma, 1 of every s work-items active', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'peak / min(s, SIMD width 8)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'stride-1 rate / min(s, SIMD width)'
