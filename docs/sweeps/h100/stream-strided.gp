# clgauge sweep stream-strided: gnuplot 'stream-strided.gp' redraws stream-strided.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'stream-strided.png'
set title 'stream-strided on NVIDIA H100 80GB HBM3: 4-byte reads and writes s words apart across work-items'
set xlabel 'stride s (4-byte words)'
set ylabel 'bandwidth [GB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
$s0 << EOD
1 2315.47125
2 1480.16539
4 770.07984
8 385.724209
16 193.372607
32 177.015967
64 128.518236
EOD
$s1 << EOD
1 2868.08679
2 703.896723
4 351.229963
8 176.100639
16 133.826051
32 71.1735085
64 54.0080542
EOD
$t0 << EOD
1 2315.47125
2 1157.73563
4 578.867814
8 289.433907
16 289.433907
32 289.433907
64 289.433907
EOD
$t1 << EOD
1 2868.08679
2 1434.0434
4 717.021698
8 358.510849
16 358.510849
32 358.510849
64 358.510849
EOD
$t2 << EOD
1 3350
64 3350
EOD
set arrow from 8, graph 0 to 8, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (32 B)' at 8, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 8) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 8) (sector model)', \
     $t2 using 1:2 with lines dt 2 lw 2 title 'theoretical (H100: HBM3, 3.35 TB/s)'
