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
4096 32.8508369
8192 32.8578464
12288 32.8527188
16384 32.8486751
24576 32.8538812
32768 32.8351741
49152 32.8505946
65536 32.8663722
98304 32.8362405
131072 32.853741
196608 32.8587985
262144 32.6625706
393216 32.646458
524288 32.3986629
786432 32.389114
1048576 32.2886867
1572864 32.1211506
2097152 32.1357696
3145728 18.9625966
4194304 18.3081213
6291456 16.2686651
8388608 15.1530104
12582912 13.3340892
16777216 10.8721815
25165824 10.2257396
33554432 10.1965322
50331648 10.4510027
67108864 10.588105
100663296 13.8611718
134217728 11.8406597
201326592 6.52100849
268435456 5.22261196
402653184 4.82379619
536870912 4.7237294
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
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L2 50 MiB (device)' at 52428800, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 186584983, graph 0 to 186584983, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'L2 step 177 MiB (detected)' at 186584983, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'DRAM theoretical (H200: HBM3e, 4.8 TB/s)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L1 theoretical (128 B/clock/SM)'
