# clgauge roofline of pthread-skylake-avx512-AMD EPYC: gnuplot this file to redraw roofline.png
set terminal pngcairo size 1100,700 noenhanced font 'DejaVu Sans,11'
set output 'roofline.png'
set title 'Roofline of pthread-skylake-avx512-AMD EPYC (measured peaks)'
set xlabel 'arithmetic intensity [operations per byte of memory traffic]'
set ylabel 'attainable rate [operations/s]'
set logscale xy 2
set logscale y 10
set grid
set key off
set samples 2000
set format y '%.0s%c'
set format x '%.3g'
set xrange [0.001953125:32]
set yrange [37890982:2.20848567e+10]
c0(x) = (3.88003656e+10 * x < 7.36161891e+09) ? 3.88003656e+10 * x : 7.36161891e+09
set label 1 'int16.mad 7.36 GOP/s' at 32, 7.36161891e+09 right offset -0.5,0.6 font ',9'
set label 2 'ridge 0.19 op/B' at 0.189730658, 7.36161891e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (3.88003656e+10 * x < 3.64271262e+09) ? 3.88003656e+10 * x : 3.64271262e+09
c2(x) = (3.88003656e+10 * x < 3.49747332e+09) ? 3.88003656e+10 * x : 3.49747332e+09
c3(x) = (3.88003656e+10 * x < 3.36510796e+09) ? 3.88003656e+10 * x : 3.36510796e+09
set label 3 'int32.mad 3.64 GOP/s,  int64.mad 3.5 GOP/s,  fp64.fma 3.37 GFLOP/s' at 32, 3.64271262e+09 right offset -0.5,0.6 font ',9'
set label 4 'ridge 0.0939 op/B' at 0.0938834612, 3.64271262e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c4(x) = (3.88003656e+10 * x < 2.23221681e+09) ? 3.88003656e+10 * x : 2.23221681e+09
set label 5 'fp32.fma 2.23 GFLOP/s' at 32, 2.23221681e+09 right offset -0.5,0.6 font ',9'
set label 6 'ridge 0.0575 op/B' at 0.0575308191, 2.23221681e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 7 'mem.coalesced.read  38.8 GB/s' at 0.00390625, 151563928 left offset 0,1.8 rotate by 30 font ',9'
plot c0(x) lw 2 lc 1, \
     c1(x) lw 2 lc 2, \
     c2(x) lw 2 lc 3, \
     c3(x) lw 2 lc 4, \
     c4(x) lw 2 lc 5
