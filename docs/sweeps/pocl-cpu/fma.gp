# clgauge sweep fma: gnuplot 'fma.gp' redraws fma.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'fma.png'
set title 'fma on pthread-skylake-avx512-AMD EPYC: fp32 FMA chains over work-item counts, 0.5 to 4.5 waves: partial waves'
set xlabel 'work-items'
set ylabel 'throughput [GFLOP/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set yrange [0:4.67307846]
$s0 << EOD
256 1.83755669
512 2.74708799
768 2.65358225
1024 1.90974781
1280 1.88858854
1536 3.50852465
1792 3.13263983
2048 3.59467574
2304 3.23879489
EOD
$t0 << EOD
256 166.144
512 166.144
768 166.144
1024 166.144
1280 166.144
1536 166.144
1792 166.144
2048 166.144
2304 166.144
EOD
$t1 << EOD
256 1.79733787
512 3.59467574
512 3.59467574
768 2.69600681
768 2.69600681
1024 3.59467574
1024 3.59467574
1280 2.99556312
1280 2.99556312
1536 3.59467574
1536 3.59467574
1792 3.14534127
1792 3.14534127
2048 3.59467574
2048 3.59467574
2304 3.23520817
2304 3.23520817
EOD
set arrow from 512, graph 0 to 512, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 '1 x wave (512)' at 512, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 1024, graph 0 to 1024, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 '2 x wave (512)' at 1024, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 1536, graph 0 to 1536, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 '3 x wave (512)' at 1536, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 2048, graph 0 to 2048, graph 1 nohead dt 3 lc rgb 'gray40'
set label 4 '4 x wave (512)' at 2048, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'fp32 fma', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'theoretical peak (CPU: native float vector width per thread (estimate)) (above the plot: up to 166.1 GFLOP/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'best measured x n / (ceil(n / wave) x wave)'
