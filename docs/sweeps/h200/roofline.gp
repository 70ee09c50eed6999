# clgauge roofline of NVIDIA H200: gnuplot this file to redraw roofline.png
set terminal pngcairo size 1100,700 noenhanced font 'DejaVu Sans,11'
set output 'roofline.png'
set title 'Roofline of NVIDIA H200 (measured peaks)'
set xlabel 'arithmetic intensity [operations per byte of memory traffic]'
set ylabel 'attainable rate [operations/s]'
set logscale xy 2
set logscale y 10
set grid
set key off
set samples 2000
set format y '%.0s%c'
set format x '%.3g'
set xrange [0.0078125:65536]
set yrange [1.83893883e+10:6.31148234e+15]
c0(x) = (4.70768339e+12 * x < 2.10382745e+15) ? 4.70768339e+12 * x : 2.10382745e+15
set label 1 'mma.i2 2.1 POP/s' at 65536, 2.10382745e+15 right offset -0.5,0.6 font ',9'
set label 2 'ridge 447 op/B' at 446.892297, 2.10382745e+15 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (4.70768339e+12 * x < 1.47086692e+15) ? 4.70768339e+12 * x : 1.47086692e+15
c2(x) = (4.70768339e+12 * x < 1.46782255e+15) ? 4.70768339e+12 * x : 1.46782255e+15
c3(x) = (4.70768339e+12 * x < 1.29579254e+15) ? 4.70768339e+12 * x : 1.29579254e+15
set label 3 'mma.f8 1.47 PFLOP/s,  mma.b8 1.47 PFLOP/s,  mma.i8 1.3 POP/s' at 65536, 1.47086692e+15 right offset -0.5,0.6 font ',9'
set label 4 'ridge 312 op/B' at 312.439644, 1.47086692e+15 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c4(x) = (4.70768339e+12 * x < 6.49228349e+14) ? 4.70768339e+12 * x : 6.49228349e+14
c5(x) = (4.70768339e+12 * x < 6.45380761e+14) ? 4.70768339e+12 * x : 6.45380761e+14
c6(x) = (4.70768339e+12 * x < 6.44503556e+14) ? 4.70768339e+12 * x : 6.44503556e+14
set label 5 'mma.h 649 TFLOP/s,  mma.bf 645 TFLOP/s,  mma.f4 645 TFLOP/s' at 65536, 6.49228349e+14 right offset -0.5,0.6 font ',9'
set label 6 'ridge 138 op/B' at 137.908244, 6.49228349e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c7(x) = (4.70768339e+12 * x < 3.23256426e+14) ? 4.70768339e+12 * x : 3.23256426e+14
set label 7 'mma.tf 323 TFLOP/s' at 65536, 3.23256426e+14 right offset -0.5,0.6 font ',9'
set label 8 'ridge 68.7 op/B' at 68.6657108, 3.23256426e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c8(x) = (4.70768339e+12 * x < 1.33590005e+14) ? 4.70768339e+12 * x : 1.33590005e+14
c9(x) = (4.70768339e+12 * x < 1.33586336e+14) ? 4.70768339e+12 * x : 1.33586336e+14
c10(x) = (4.70768339e+12 * x < 1.33552875e+14) ? 4.70768339e+12 * x : 1.33552875e+14
set label 9 'dp4a.s8 134 TOP/s,  dp4a.su8 134 TOP/s,  dp4a.u8 134 TOP/s' at 65536, 1.33590005e+14 right offset -0.5,0.6 font ',9'
set label 10 'ridge 28.4 op/B' at 28.3770155, 1.33590005e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c11(x) = (4.70768339e+12 * x < 6.63321399e+13) ? 4.70768339e+12 * x : 6.63321399e+13
c12(x) = (4.70768339e+12 * x < 6.51649374e+13) ? 4.70768339e+12 * x : 6.51649374e+13
set label 11 'fp32.fma 66.3 TFLOP/s,  fp16.fma 65.2 TFLOP/s' at 65536, 6.63321399e+13 right offset -0.5,0.6 font ',9'
set label 12 'ridge 14.1 op/B' at 14.0901871, 6.63321399e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c13(x) = (4.70768339e+12 * x < 4.99185768e+13) ? 4.70768339e+12 * x : 4.99185768e+13
set label 13 'mma.i4 49.9 TOP/s' at 65536, 4.99185768e+13 right offset -0.5,0.6 font ',9'
set label 14 'ridge 10.6 op/B' at 10.6036393, 4.99185768e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c14(x) = (4.70768339e+12 * x < 3.32466456e+13) ? 4.70768339e+12 * x : 3.32466456e+13
c15(x) = (4.70768339e+12 * x < 3.31528335e+13) ? 4.70768339e+12 * x : 3.31528335e+13
c16(x) = (4.70768339e+12 * x < 2.91178838e+13) ? 4.70768339e+12 * x : 2.91178838e+13
set label 15 'fp64.fma 33.2 TFLOP/s,  int32.mad 33.2 TOP/s,  int16.mad 29.1 TOP/s' at 65536, 3.32466456e+13 right offset -0.5,0.6 font ',9'
set label 16 'ridge 7.06 op/B' at 7.06220934, 3.32466456e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c17(x) = (4.70768339e+12 * x < 1.05970205e+13) ? 4.70768339e+12 * x : 1.05970205e+13
set label 17 'mod.proth 10.6 TOP/s' at 65536, 1.05970205e+13 right offset -0.5,0.6 font ',9'
set label 18 'ridge 2.25 op/B' at 2.25100535, 1.05970205e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c18(x) = (4.70768339e+12 * x < 7.35683633e+12) ? 4.70768339e+12 * x : 7.35683633e+12
set label 19 'int64.mad 7.36 TOP/s' at 65536, 7.35683633e+12 right offset -0.5,0.6 font ',9'
set label 20 'ridge 1.56 op/B' at 1.56272963, 7.35683633e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c19(x) = (4.70768339e+12 * x < 4.17152423e+12) ? 4.70768339e+12 * x : 4.17152423e+12
c20(x) = (4.70768339e+12 * x < 3.90763709e+12) ? 4.70768339e+12 * x : 3.90763709e+12
c21(x) = (4.70768339e+12 * x < 3.90210259e+12) ? 4.70768339e+12 * x : 3.90210259e+12
c22(x) = (4.70768339e+12 * x < 3.75264186e+12) ? 4.70768339e+12 * x : 3.75264186e+12
c23(x) = (4.70768339e+12 * x < 3.40445879e+12) ? 4.70768339e+12 * x : 3.40445879e+12
set label 21 'sum.sha256 4.17 TOP/s,  sum.sbox 3.91 TOP/s,  subgroup.shuffle 3.9 TOP/s,  subgroup.broadcast 3.75 TOP/s,  subgroup.block_read 3.4 TOP/s' at 65536, 4.17152423e+12 right offset -0.5,0.6 font ',9'
set label 22 'ridge 0.886 op/B' at 0.886109766, 4.17152423e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c24(x) = (4.70768339e+12 * x < 3.16726392e+12) ? 4.70768339e+12 * x : 3.16726392e+12
c25(x) = (4.70768339e+12 * x < 2.85322735e+12) ? 4.70768339e+12 * x : 2.85322735e+12
set label 23 'tnn.popcount 3.17 TOP/s,  subgroup.shuffle_xor 2.85 TOP/s' at 65536, 3.16726392e+12 right offset -0.5,0.6 font ',9'
set label 24 'ridge 0.673 op/B' at 0.672786093, 3.16726392e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c26(x) = (4.70768339e+12 * x < 1.60723174e+12) ? 4.70768339e+12 * x : 1.60723174e+12
set label 25 'subgroup.block_write 1.61 TOP/s' at 65536, 1.60723174e+12 right offset -0.5,0.6 font ',9'
set label 26 'ridge 0.341 op/B' at 0.341406082, 1.60723174e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c27(x) = (4.70768339e+12 * x < 1.13955205e+12) ? 4.70768339e+12 * x : 1.13955205e+12
set label 27 'subgroup.reduce_add 1.14 TOP/s' at 65536, 1.13955205e+12 right offset -0.5,0.6 font ',9'
set label 28 'ridge 0.242 op/B' at 0.242062169, 1.13955205e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 29 'mem.coalesced.write  4.71 TB/s' at 0.015625, 7.3557553e+10 left offset 0,1.8 rotate by 30 font ',9'
plot c0(x) lw 2 lc 1, \
     c1(x) lw 2 lc 2, \
     c2(x) lw 2 lc 3, \
     c3(x) lw 2 lc 4, \
     c4(x) lw 2 lc 5, \
     c5(x) lw 2 lc 6, \
     c6(x) lw 2 lc 7, \
     c7(x) lw 2 lc 8, \
     c8(x) lw 2 lc 1, \
     c9(x) lw 2 lc 2, \
     c10(x) lw 2 lc 3, \
     c11(x) lw 2 lc 4, \
     c12(x) lw 2 lc 5, \
     c13(x) lw 2 lc 6, \
     c14(x) lw 2 lc 7, \
     c15(x) lw 2 lc 8, \
     c16(x) lw 2 lc 1, \
     c17(x) lw 2 lc 2, \
     c18(x) lw 2 lc 3, \
     c19(x) lw 2 lc 4, \
     c20(x) lw 2 lc 5, \
     c21(x) lw 2 lc 6, \
     c22(x) lw 2 lc 7, \
     c23(x) lw 2 lc 8, \
     c24(x) lw 2 lc 1, \
     c25(x) lw 2 lc 2, \
     c26(x) lw 2 lc 3, \
     c27(x) lw 2 lc 4
