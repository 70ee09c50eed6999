# clgauge sweep fma: gnuplot 'fma.gp' redraws fma.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'fma.png'
set title 'fma on pthread-skylake-avx512-AMD EPYC: fp32 FMA chains over work-item counts, 0.5 to 4.5 waves: partial waves'
set xlabel 'work-items'
set ylabel 'throughput [GFLOP/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set yrange [0:4.68707068]
$s0 << EOD
256 1.74602988
512 3.48664754
768 2.66426456
1024 3.54019954
1280 3.04594485
1536 3.58225581
1792 3.14008149
2048 3.60543898
2304 3.25377134
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
256 1.80271949
512 3.60543898
512 3.60543898
768 2.70407924
768 2.70407924
1024 3.60543898
1024 3.60543898
1280 3.00453249
1280 3.00453249
1536 3.60543898
1536 3.60543898
1792 3.15475911
1792 3.15475911
2048 3.60543898
2048 3.60543898
2304 3.24489508
2304 3.24489508
EOD
set arrow from 512, graph 0 to 512, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 '1 x wave (512)' at 512, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 1024, graph 0 to 1024, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 '2 x wave (512)' at 1024, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 1536, graph 0 to 1536, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 '3 x wave (512)' at 1536, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 2048, graph 0 to 2048, graph 1 nohead dt 3 lc rgb 'gray40'
set label 4 '4 x wave (512)' at 2048, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'fp32 fma', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'theoretical peak (CPU: native float vector width per thread (estimate)) (above the plot: up to 166.1 GFLOP/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'best measured x n / (ceil(n / wave) x wave)'
