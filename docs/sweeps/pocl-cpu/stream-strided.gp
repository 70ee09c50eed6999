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
1 5.38302158
2 6.07617314
4 6.45281743
8 6.79315655
16 7.06857857
32 7.0887156
64 6.97299441
EOD
$s1 << EOD
1 3.73588479
2 4.67327887
4 5.29985342
8 5.06663091
16 5.3875284
32 5.73510625
64 5.79997884
EOD
$t0 << EOD
1 5.38302158
2 2.69151079
4 1.3457554
8 0.672877698
16 0.336438849
32 0.336438849
64 0.336438849
EOD
$t1 << EOD
1 3.73588479
2 1.86794239
4 0.933971196
8 0.466985598
16 0.233492799
32 0.233492799
64 0.233492799
EOD
set arrow from 16, graph 0 to 16, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (64 B)' at 16, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 16) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 16) (sector model)'
