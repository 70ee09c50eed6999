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
1 10.0350219
2 11.0841306
4 11.5957231
8 11.9042568
16 11.1950803
32 11.2659732
64 11.3457101
EOD
$s1 << EOD
1 7.03924464
2 8.6025932
4 9.65817512
8 10.1680097
16 9.56820502
32 9.71599229
64 9.78259901
EOD
$t0 << EOD
1 10.0350219
2 5.01751097
4 2.50875548
8 1.25437774
16 0.627188871
32 0.627188871
64 0.627188871
EOD
$t1 << EOD
1 7.03924464
2 3.51962232
4 1.75981116
8 0.87990558
16 0.43995279
32 0.43995279
64 0.43995279
EOD
set arrow from 16, graph 0 to 16, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = sector (64 B)' at 16, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'read', \
     $s1 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'write', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'read: stride-1 rate / min(s, 16) (sector model)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'write: stride-1 rate / min(s, 16) (sector model)'
