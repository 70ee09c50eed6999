# clgauge sweep local-banks: gnuplot 'local-banks.gp' redraws local-banks.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'local-banks.png'
set title 'local-banks on NVIDIA H100 80GB HBM3: 4-byte local reads, lane l of 32 at word l x s: bank conflicts'
set xlabel 'stride s (4-byte words)'
set ylabel 'bandwidth [GB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale y
set yrange [*:*]
$s0 << EOD
1 33268.5243
2 16642.0623
3 33245.2939
4 8310.23992
5 33265.7258
6 16635.8616
7 33268.5243
8 4153.24352
9 33247.3474
10 16650.07
11 33260.5299
12 8295.59676
13 32860.706
14 16648.8684
15 33239.3631
16 2076.06111
17 33253.7376
18 16649.4692
19 33212.2452
20 8330.54661
21 33256.5341
22 16652.0731
23 33271.7232
24 4159.04663
25 33288.9276
26 16643.0628
27 33265.7258
28 8315.03256
29 33267.7247
30 16608.3145
31 33209.4562
32 1040.74675
EOD
$t0 << EOD
1 33268.5243
2 16634.2622
3 33268.5243
4 8317.13108
5 33268.5243
6 16634.2622
7 33268.5243
8 4158.56554
9 33268.5243
10 16634.2622
11 33268.5243
12 8317.13108
13 33268.5243
14 16634.2622
15 33268.5243
16 2079.28277
17 33268.5243
18 16634.2622
19 33268.5243
20 8317.13108
21 33268.5243
22 16634.2622
23 33268.5243
24 4158.56554
25 33268.5243
26 16634.2622
27 33268.5243
28 8317.13108
29 33268.5243
30 16634.2622
31 33268.5243
32 1039.64138
EOD
$t1 << EOD
1 33454.08
32 33454.08
EOD
set arrow from 32, graph 0 to 32, graph 1 nohead dt 3 lc rgb 'gray40'
set label 1 'stride = banks (32-way)' at 32, graph 0.97 rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'
plot $s0 using 1:2 with linespoints pt 7 ps 0.6 lw 2 title 'f32', \
     $t0 using 1:2 with lines dt 2 lw 2 title 'stride-1 rate / gcd(s, 32) (32 banks)', \
     $t1 using 1:2 with lines dt 2 lw 2 title 'theoretical (NVIDIA: 128 B/clk/SM x 132 SMs x 1980 MHz = 33.45 TB/s)'
