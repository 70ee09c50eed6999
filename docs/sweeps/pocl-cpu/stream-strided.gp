# clgauge sweep stream-strided: gnuplot 'stream-strided.gp' redraws stream-strided.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'stream-strided.png'
set title 'stream-strided on pthread-skylake-avx512-AMD EPYC: 4-byte reads and writes s words apart across work-items'
set xlabel 'stride s (4-byte words)'
set ylabel 'bandwidth [GB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale x 2
set logscale y
set yrange [*:*]
$s0 << EOD
1 9.770569
2 6.04685274
4 6.71074997
8 11.8827297
16 12.1925261
32 11.2881158
64 11.5788702
EOD
$s1 << EOD
1 6.65265175
2 6.21576815
4 5.1661768
8 9.87905628
16 5.58077314
32 5.74862617
64 5.77729415
EOD
$t0 << EOD
1 9.770569
2 4.8852845
4 2.44264225
8 1.22132113
16 0.610660563
32 0.610660563
64 0.610660563
EOD
$t1 << EOD
1 6.65265175
2 3.32632587
4 1.66316294
8 0.831581468
16 0.415790734
32 0.415790734
64 0.415790734
EOD
set arrow from 16, graph 0 to 16, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (64 B)' at 16, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 16) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 16) (sector model)'
