# clgauge sweep chase: gnuplot 'chase.gp' redraws chase.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'chase.png'
set title 'chase on NVIDIA H200: latency.chase over the working set: one dependent load per step'
set xlabel 'working set [bytes]'
set ylabel 'latency per load [ns]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
set format x '%.0b %BB'
$s0 << EOD
4096 20.0863561
5760 19.9988743
8192 20.0067202
11520 20.0087025
16384 19.989251
23168 20.0080379
32768 20.0070505
46336 20.0044601
65536 20.0107598
92672 20.0064355
131072 19.979004
185344 19.9969493
262144 80.1176758
370688 140.997559
524288 140.647949
741376 140.92041
1048576 140.924316
1482880 140.96875
2097152 140.874023
2965760 140.942871
4194304 140.928223
5931520 140.978516
8388608 140.959473
11863168 140.999023
16777216 140.952148
23726464 140.942383
33554432 210.191406
47453056 264.091797
67108864 332.431152
94906240 344.474609
134217728 345.281738
189812480 344.638672
268435456 344.437988
379624960 346.036133
536870912 347.022949
759250048 347.631348
1.07374182e+09 348.179687
EOD
$t0 << EOD
4096 20.0065778
185344 20.0065778
EOD
$t1 << EOD
370688 140.942871
23726464 140.942871
EOD
$t2 << EOD
67108864 345.281738
1.07374182e+09 345.281738
EOD
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'cache 50 MiB' at 52428800, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L1 256 KiB' at 262144, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 67108864, graph 0 to 67108864, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'DRAM level from here' at 67108864, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'latency', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'L1: 20.0 ns, 40 clk', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L2: 140.9 ns, 279 clk', \
     $t2 using 1:2 with lines dt 2 lw 2 title 'DRAM: 345.3 ns, 684 clk'
