# clgauge sweep stream-strided: gnuplot 'stream-strided.gp' redraws stream-strided.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'stream-strided.png'
set title 'stream-strided on NVIDIA H200: 4-byte reads and writes s words apart across work-items'
set xlabel 'stride s (4-byte words)'
set ylabel 'bandwidth [GB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
$s0 << EOD
1 2558.79024
2 2046.53304
4 1131.45253
8 576.591649
16 290.391827
32 244.68898
64 173.236499
EOD
$s1 << EOD
1 3648.01392
2 982.315734
4 490.638982
8 243.857542
16 171.070397
32 86.2806928
64 65.1832846
EOD
$t0 << EOD
1 2558.79024
2 1279.39512
4 639.697561
8 319.84878
16 319.84878
32 319.84878
64 319.84878
EOD
$t1 << EOD
1 3648.01392
2 1824.00696
4 912.003479
8 456.00174
16 456.00174
32 456.00174
64 456.00174
EOD
$t2 << EOD
1 4800
64 4800
EOD
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (32 B)' at 8, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 8) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 8) (sector model)', \
     $t2 using 1:2 with lines dt 2 lw 2 title 'theoretical (H200: HBM3e, 4.8 TB/s)'
