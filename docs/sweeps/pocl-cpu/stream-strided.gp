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
1 5.51190506
2 10.9005753
4 11.5725895
8 11.9303932
16 11.1589503
32 11.2571075
64 11.3184452
EOD
$s1 << EOD
1 6.54736977
2 4.79634891
4 5.30650164
8 5.63760388
16 5.86750527
32 5.73618472
64 5.88262668
EOD
$t0 << EOD
1 5.51190506
2 2.75595253
4 1.37797627
8 0.688988133
16 0.344494066
32 0.344494066
64 0.344494066
EOD
$t1 << EOD
1 6.54736977
2 3.27368488
4 1.63684244
8 0.818421221
16 0.409210611
32 0.409210611
64 0.409210611
EOD
set arrow from 16, graph 0 to 16, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (64 B)' at 16, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 16) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 16) (sector model)'
