# clgauge sweep cache: gnuplot 'cache.gp' redraws cache.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'cache.png'
set title 'cache on NVIDIA H200: float4 reads of one working set over and over: L1, L2, DRAM'
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
4096 32.776501
8192 32.8802562
12288 32.7512308
16384 32.9455691
24576 32.6690863
32768 32.7310158
49152 32.6018832
65536 32.6688059
98304 32.6835212
131072 32.6852273
196608 32.7040841
262144 28.1175559
393216 10.2748135
524288 10.2692435
786432 9.71873071
1048576 9.71121084
1572864 9.52162916
2097152 9.51056739
3145728 9.35814011
4194304 9.07553263
6291456 9.82042481
8388608 11.2908339
12582912 11.2486811
16777216 10.6421566
25165824 10.4556054
33554432 10.2268042
50331648 9.97882087
67108864 7.97028861
100663296 4.8885813
134217728 4.69718777
201326592 4.62730784
268435456 4.6434525
402653184 4.63588362
536870912 4.65963177
EOD
$t0 << EOD
4096 4.8
536870912 4.8
EOD
$t1 << EOD
4096 33.45408
536870912 33.45408
EOD
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'L1 256 KiB (device)' at 262144, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 313311.851, graph 0 to 313311.851, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L1 step 306 KiB (detected)' at 313311.851, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'L2 50 MiB (device)' at 52428800, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 76435882.3, graph 0 to 76435882.3, graph 1 nohead dt 3 lc rgb 'gray40'
set label 4 'L2 step 73 MiB (detected)' at 76435882.3, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'DRAM theoretical (H200: HBM3e, 4.8 TB/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L1 theoretical (128 B/clock/SM)'
