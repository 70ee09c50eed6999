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
set xrange [0.00390625:32]
set yrange [78525066.9:2.21686905e+10]
c0(x) = (4.02048342e+10 * x < 7.38956349e+09) ? 4.02048342e+10 * x : 7.38956349e+09
set label 1 'int16.mad 7.39 GOP/s' at 32, 7.38956349e+09 right offset -0.5,0.6 font ',9'
set label 2 'ridge 0.184 op/B' at 0.183797885, 7.38956349e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (4.02048342e+10 * x < 3.77850141e+09) ? 4.02048342e+10 * x : 3.77850141e+09
c2(x) = (4.02048342e+10 * x < 3.77524221e+09) ? 4.02048342e+10 * x : 3.77524221e+09
c3(x) = (4.02048342e+10 * x < 3.64812061e+09) ? 4.02048342e+10 * x : 3.64812061e+09
c4(x) = (4.02048342e+10 * x < 3.64782871e+09) ? 4.02048342e+10 * x : 3.64782871e+09
set label 3 'fp64.fma 3.78 GFLOP/s,  fp32.fma 3.78 GFLOP/s,  int32.mad 3.65 GOP/s,  int64.mad 3.65 GOP/s' at 32, 3.77850141e+09 right offset -0.5,0.6 font ',9'
set label 4 'ridge 0.094 op/B' at 0.0939812707, 3.77850141e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 5 'stream.read.f64  40.2 GB/s' at 0.0078125, 314100268 left offset 0,1.8 rotate by 30 font ',9'
plot c0(x) lw 2 lc 1, \
     c1(x) lw 2 lc 2, \
     c2(x) lw 2 lc 3, \
     c3(x) lw 2 lc 4, \
     c4(x) lw 2 lc 5
