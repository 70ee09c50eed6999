# clgauge sweep local-banks: gnuplot 'local-banks.gp' redraws local-banks.png
set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'
set output 'local-banks.png'
set title 'local-banks on NVIDIA H200: 4-byte local reads, lane l of 32 at word l x s: bank conflicts'
set xlabel 'stride s (4-byte words)'
set ylabel 'bandwidth [GB/s]'
set grid
set key outside bottom center horizontal
set yrange [0:*]
set logscale y
set yrange [*:*]
$s0 << EOD
1 33227.7927
2 16658.2859
3 33245.351
4 8310.14013
5 33238.5649
6 16623.0748
7 33235.7715
8 4162.95568
9 33203.083
10 16625.0714
11 33249.7434
12 8312.03651
13 33237.3677
14 16632.8629
15 33225.3999
16 2080.97713
17 33249.3441
18 16635.0618
19 33247.3474
20 8314.13352
21 33252.5392
22 16634.2622
23 33244.9517
24 4163.45657
25 33249.287
26 16638.6613
27 33254.8029
28 8319.6307
29 33242.9556
30 16624.8717
31 33236.5695
32 1041.25566
EOD
$t0 << EOD
1 33227.7927
2 16613.8964
3 33227.7927
4 8306.94818
5 33227.7927
6 16613.8964
7 33227.7927
8 4153.47409
9 33227.7927
10 16613.8964
11 33227.7927
12 8306.94818
13 33227.7927
14 16613.8964
15 33227.7927
16 2076.73705
17 33227.7927
18 16613.8964
19 33227.7927
20 8306.94818
21 33227.7927
22 16613.8964
23 33227.7927
24 4153.47409
25 33227.7927
26 16613.8964
27 33227.7927
28 8306.94818
29 33227.7927
30 16613.8964
31 33227.7927
32 1038.36852
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
