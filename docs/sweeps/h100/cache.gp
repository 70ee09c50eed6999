# clgauge sweep cache: gnuplot 'cache.gp' redraws cache.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'cache.png'
set title 'cache on NVIDIA H100 80GB HBM3: float4 reads of one working set over and over: L1, L2, DRAM'
set xlabel 'working set [bytes]'
set ylabel 'bandwidth [TB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
set format x '%.0b %BB'
$s0 << EOD
4096 32.7662689
8192 32.8069964
12288 32.6189772
16384 32.846431
24576 32.7438534
32768 32.7351032
49152 32.4834736
65536 32.679418
98304 32.5830624
131072 32.5929221
196608 32.5624135
262144 28.2429004
393216 10.1758231
524288 10.1220628
786432 9.38545758
1048576 9.40789951
1572864 9.09307706
2097152 9.07509843
3145728 8.88432459
4194304 8.44870232
6291456 8.58803529
8388608 9.10975966
12582912 9.59497865
16777216 8.65550643
25165824 8.38067382
33554432 8.44157152
50331648 9.2061178
67108864 4.54674568
100663296 3.53392422
134217728 3.38730439
201326592 3.25511975
268435456 3.19857722
402653184 3.17143585
536870912 3.14812487
EOD
$t0 << EOD
4096 3.35
536870912 3.35
EOD
$t1 << EOD
4096 33.45408
536870912 33.45408
EOD
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'L1 256 KiB (device)' at 262144, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 319008.234, graph 0 to 319008.234, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L1 step 312 KiB (detected)' at 319008.234, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'L2 50 MiB (device)' at 52428800, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 61890516.2, graph 0 to 61890516.2, graph 1 nohead dt 3 lc rgb 'gray40'
set label 4 'L2 step 59 MiB (detected)' at 61890516.2, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'DRAM theoretical (H100: HBM3, 3.35 TB/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L1 theoretical (128 B/clock/SM)'
