# clgauge sweep chase: gnuplot 'chase.gp' redraws chase.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'chase.png'
set title 'chase on NVIDIA H100 80GB HBM3: latency.chase over the working set: one dependent load per step'
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
4096 19.9979413
5760 20.0060665
8192 20.0025909
11520 20.0045756
16384 20.0179468
23168 20.0006398
32768 20.012826
46336 20.0054682
65536 20.0009878
92672 19.999387
131072 20.0073622
185344 20.0013605
262144 81.1977539
370688 143.033203
524288 142.890625
741376 143.053223
1048576 142.868652
1482880 142.98584
2097152 143.048828
2965760 142.919922
4194304 142.865723
5931520 142.881348
8388608 142.854004
11863168 142.914551
16777216 142.910156
23726464 145.791016
33554432 266.859375
47453056 267.371582
67108864 346.602051
94906240 346.950684
134217728 346.724609
189812480 347.036621
268435456 346.666016
379624960 348.279297
536870912 349.740234
759250048 350.273926
1.07374182e+09 350.854004
EOD
$t0 << EOD
4096 20.0035832
185344 20.0035832
EOD
$t1 << EOD
370688 142.914551
23726464 142.914551
EOD
$t2 << EOD
33554432 267.115479
47453056 267.115479
EOD
$t3 << EOD
67108864 347.036621
1.07374182e+09 347.036621
EOD
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'cache 50 MiB' at 52428800, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 3 lc rgb 'gray40'
set label 2 'L1 256 KiB' at 262144, graph 0.67 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
set arrow from 67108864, graph 0 to 67108864, graph 1 nohead dt 3 lc rgb 'gray40'
set label 3 'DRAM level from here' at 67108864, graph 0.37 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'latency', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'L1: 20.0 ns, 40 clk', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'L2 step 1: 142.9 ns, 283 clk', \
     $t2 using 1:2 with lines dt 2 lw 2 title 'L2 step 2: 267.1 ns, 529 clk', \
     $t3 using 1:2 with lines dt 2 lw 2 title 'DRAM: 347.0 ns, 687 clk'
