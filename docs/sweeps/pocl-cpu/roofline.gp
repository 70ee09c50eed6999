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
set xrange [0.0009765625:16]
set yrange [20332113.5:1.40988805e+10]
c0(x) = (4.16401685e+10 * x < 4.69962682e+09) ? 4.16401685e+10 * x : 4.69962682e+09
set label 1 'int16.mad 4.7 GOP/s' at 16, 4.69962682e+09 right offset -0.5,0.6 font ',9'
set label 2 'ridge 0.113 op/B' at 0.112862819, 4.69962682e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (4.16401685e+10 * x < 1.92627492e+09) ? 4.16401685e+10 * x : 1.92627492e+09
c2(x) = (4.16401685e+10 * x < 1.83561877e+09) ? 4.16401685e+10 * x : 1.83561877e+09
set label 3 'fp64.fma 1.93 GFLOP/s,  int64.mad 1.84 GOP/s' at 16, 1.92627492e+09 right offset -0.5,0.6 font ',9'
set label 4 'ridge 0.0463 op/B' at 0.0462600174, 1.92627492e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c3(x) = (4.16401685e+10 * x < 1.27008717e+09) ? 4.16401685e+10 * x : 1.27008717e+09
set label 5 'int32.mad 1.27 GOP/s' at 16, 1.27008717e+09 right offset -0.5,0.6 font ',9'
set label 6 'ridge 0.0305 op/B' at 0.0305014897, 1.27008717e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c4(x) = (4.16401685e+10 * x < 859659267) ? 4.16401685e+10 * x : 859659267
set label 7 'fp32.fma 860 MFLOP/s' at 16, 859659267 right offset -0.5,0.6 font ',9'
set label 8 'ridge 0.0206 op/B' at 0.0206449517, 859659267 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 9 'stream.add.f64  41.6 GB/s' at 0.001953125, 81328454.1 left offset 0,1.8 rotate by 30 font ',9'
plot c0(x) lw 2 lc 1, \
     c1(x) lw 2 lc 2, \
     c2(x) lw 2 lc 3, \
     c3(x) lw 2 lc 4, \
     c4(x) lw 2 lc 5
