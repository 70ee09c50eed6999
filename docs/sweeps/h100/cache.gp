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
4096 32.8366552
8192 32.8946214
12288 32.8782975
16384 32.8244956
24576 32.8474424
32768 32.8479548
49152 32.8639273
65536 32.85288
98304 32.8731141
131072 32.8470057
196608 32.8761898
262144 32.641902
393216 31.0478161
524288 30.0636604
786432 30.0793749
1048576 30.0828931
1572864 29.5412057
2097152 29.5157824
3145728 16.8508027
4194304 15.8992482
6291456 14.1073632
8388608 10.8197497
12582912 11.29473
16777216 9.25103116
25165824 8.44132402
33554432 8.52741447
50331648 8.92301332
67108864 9.13800251
100663296 12.3126417
134217728 9.31554384
201326592 3.77427191
268435456 3.35833609
402653184 3.18928064
536870912 3.16396493
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
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L2 50 MiB (device)' at 52428800, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 169979143, graph 0 to 169979143, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'L2 step 162 MiB (detected)' at 169979143, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'DRAM theoretical (H100: HBM3, 3.35 TB/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L1 theoretical (128 B/clock/SM)'
