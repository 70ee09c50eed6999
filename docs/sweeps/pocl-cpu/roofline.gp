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
set xrange [0.001953125:16]
set yrange [38930476.4:1.44948988e+10]
c0(x) = (3.98648078e+10 * x < 4.83163292e+09) ? 3.98648078e+10 * x : 4.83163292e+09
set label 1 'int16.mad 4.83 GOP/s' at 16, 4.83163292e+09 right offset -0.5,0.6 font ',9'
set label 2 'ridge 0.121 op/B' at 0.121200457, 4.83163292e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (3.98648078e+10 * x < 2.69503147e+09) ? 3.98648078e+10 * x : 2.69503147e+09
c2(x) = (3.98648078e+10 * x < 2.51866905e+09) ? 3.98648078e+10 * x : 2.51866905e+09
c3(x) = (3.98648078e+10 * x < 2.51326702e+09) ? 3.98648078e+10 * x : 2.51326702e+09
set label 3 'fp32.fma 2.7 GFLOP/s,  int64.mad 2.52 GOP/s,  int32.mad 2.51 GOP/s' at 16, 2.69503147e+09 right offset -0.5,0.6 font ',9'
set label 4 'ridge 0.0676 op/B' at 0.0676042759, 2.69503147e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c4(x) = (3.98648078e+10 * x < 1.90063937e+09) ? 3.98648078e+10 * x : 1.90063937e+09
set label 5 'fp64.fma 1.9 GFLOP/s' at 16, 1.90063937e+09 right offset -0.5,0.6 font ',9'
set label 6 'ridge 0.0477 op/B' at 0.0476771236, 1.90063937e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 7 'stream.read.f64  39.9 GB/s' at 0.00390625, 155721906 left offset 0,1.8 rotate by 30 font ',9'
plot c0(x) lw 2 lc 1, \
     c1(x) lw 2 lc 2, \
     c2(x) lw 2 lc 3, \
     c3(x) lw 2 lc 4, \
     c4(x) lw 2 lc 5
