# clgauge roofline of NVIDIA H100 80GB HBM3: gnuplot this file to redraw roofline.png
set terminal pngcairo size 1100,700 noenhanced font 'DejaVu Sans,11'
set output 'roofline.png'
set title 'Roofline of NVIDIA H100 80GB HBM3 (measured peaks)'
set xlabel 'arithmetic intensity [operations per byte of memory traffic]'
set ylabel 'attainable rate [operations/s]'
set logscale xy 2
set logscale y 10
set grid
set key off
set samples 2000
set format y '%.0s%c'
set format x '%.3g'
set xrange [1.86264515e-09:131072]
set yrange [3071.18368:7.83080928e+15]
c0(x) = (3.29765836e+12 * x < 2.61026976e+15) ? 3.29765836e+12 * x : 2.61026976e+15
set label 1 'mma.i2 2.61 POP/s' at 131072, 2.61026976e+15 right offset -0.5,0.6 font ',9'
set label 2 'ridge 792 op/B' at 791.552512, 2.61026976e+15 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c1(x) = (3.29765836e+12 * x < 1.5065368e+15) ? 3.29765836e+12 * x : 1.5065368e+15
c2(x) = (3.29765836e+12 * x < 1.50107754e+15) ? 3.29765836e+12 * x : 1.50107754e+15
c3(x) = (3.29765836e+12 * x < 1.31840742e+15) ? 3.29765836e+12 * x : 1.31840742e+15
set label 3 'mma.b8 1.51 PFLOP/s,  mma.f8 1.5 PFLOP/s,  mma.i8 1.32 POP/s' at 131072, 1.5065368e+15 right offset -0.5,0.6 font ',9'
set label 4 'ridge 457 op/B' at 456.850478, 1.5065368e+15 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c4(x) = (3.29765836e+12 * x < 6.60145249e+14) ? 3.29765836e+12 * x : 6.60145249e+14
c5(x) = (3.29765836e+12 * x < 6.60084787e+14) ? 3.29765836e+12 * x : 6.60084787e+14
c6(x) = (3.29765836e+12 * x < 6.5967619e+14) ? 3.29765836e+12 * x : 6.5967619e+14
set label 5 'mma.h 660 TFLOP/s,  mma.f4 660 TFLOP/s,  mma.bf 660 TFLOP/s' at 131072, 6.60145249e+14 right offset -0.5,0.6 font ',9'
set label 6 'ridge 200 op/B' at 200.186064, 6.60145249e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c7(x) = (3.29765836e+12 * x < 3.30179759e+14) ? 3.29765836e+12 * x : 3.30179759e+14
set label 7 'mma.tf 330 TFLOP/s' at 131072, 3.30179759e+14 right offset -0.5,0.6 font ',9'
set label 8 'ridge 100 op/B' at 100.12552, 3.30179759e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c8(x) = (3.29765836e+12 * x < 1.336402e+14) ? 3.29765836e+12 * x : 1.336402e+14
c9(x) = (3.29765836e+12 * x < 1.33624943e+14) ? 3.29765836e+12 * x : 1.33624943e+14
c10(x) = (3.29765836e+12 * x < 1.33571333e+14) ? 3.29765836e+12 * x : 1.33571333e+14
c11(x) = (3.29765836e+12 * x < 1.29715407e+14) ? 3.29765836e+12 * x : 1.29715407e+14
set label 9 'dp4a.s8 134 TOP/s,  dp4a.u8 134 TOP/s,  dp4a.su8 134 TOP/s,  fp16.fma 130 TFLOP/s' at 131072, 1.336402e+14 right offset -0.5,0.6 font ',9'
set label 10 'ridge 40.5 op/B' at 40.525787, 1.336402e+14 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c12(x) = (3.29765836e+12 * x < 6.64102399e+13) ? 3.29765836e+12 * x : 6.64102399e+13
set label 11 'fp32.fma 66.4 TFLOP/s' at 131072, 6.64102399e+13 right offset -0.5,0.6 font ',9'
set label 12 'ridge 20.1 op/B' at 20.1386052, 6.64102399e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c13(x) = (3.29765836e+12 * x < 5.10099523e+13) ? 3.29765836e+12 * x : 5.10099523e+13
set label 13 'mma.i4 51 TOP/s' at 131072, 5.10099523e+13 right offset -0.5,0.6 font ',9'
set label 14 'ridge 15.5 op/B' at 15.4685376, 5.10099523e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c14(x) = (3.29765836e+12 * x < 3.34295588e+13) ? 3.29765836e+12 * x : 3.34295588e+13
c15(x) = (3.29765836e+12 * x < 3.34236837e+13) ? 3.29765836e+12 * x : 3.34236837e+13
c16(x) = (3.29765836e+12 * x < 3.32858641e+13) ? 3.29765836e+12 * x : 3.32858641e+13
set label 15 'int32.mad 33.4 TOP/s,  int16.mad 33.4 TOP/s,  fp64.fma 33.3 TFLOP/s' at 131072, 3.34295588e+13 right offset -0.5,0.6 font ',9'
set label 16 'ridge 10.1 op/B' at 10.1373627, 3.34295588e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c17(x) = (3.29765836e+12 * x < 1.06333407e+13) ? 3.29765836e+12 * x : 1.06333407e+13
set label 17 'mod.proth 10.6 TOP/s' at 131072, 1.06333407e+13 right offset -0.5,0.6 font ',9'
set label 18 'ridge 3.22 op/B' at 3.22451252, 1.06333407e+13 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c18(x) = (3.29765836e+12 * x < 8.35980609e+12) ? 3.29765836e+12 * x : 8.35980609e+12
c19(x) = (3.29765836e+12 * x < 8.14851577e+12) ? 3.29765836e+12 * x : 8.14851577e+12
c20(x) = (3.29765836e+12 * x < 7.97783782e+12) ? 3.29765836e+12 * x : 7.97783782e+12
c21(x) = (3.29765836e+12 * x < 7.97752283e+12) ? 3.29765836e+12 * x : 7.97752283e+12
set label 19 'atomic.local.distinct.u32 8.36 TOP/s,  int64.mad 8.15 TOP/s,  atomic.c11.local.contended.u32 7.98 TOP/s,  atomic.local.contended.u32 7.98 TOP/s' at 131072, 8.35980609e+12 right offset -0.5,0.6 font ',9'
set label 20 'ridge 2.54 op/B' at 2.53507343, 8.35980609e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c22(x) = (3.29765836e+12 * x < 4.17251334e+12) ? 3.29765836e+12 * x : 4.17251334e+12
c23(x) = (3.29765836e+12 * x < 3.90966254e+12) ? 3.29765836e+12 * x : 3.90966254e+12
c24(x) = (3.29765836e+12 * x < 3.89843366e+12) ? 3.29765836e+12 * x : 3.89843366e+12
c25(x) = (3.29765836e+12 * x < 3.75058837e+12) ? 3.29765836e+12 * x : 3.75058837e+12
c26(x) = (3.29765836e+12 * x < 3.39983099e+12) ? 3.29765836e+12 * x : 3.39983099e+12
set label 21 'sum.sha256 4.17 TOP/s,  sum.sbox 3.91 TOP/s,  subgroup.shuffle 3.9 TOP/s,  subgroup.broadcast 3.75 TOP/s,  subgroup.block_read 3.4 TOP/s' at 131072, 4.17251334e+12 right offset -0.5,0.6 font ',9'
set label 22 'ridge 1.27 op/B' at 1.26529582, 4.17251334e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c27(x) = (3.29765836e+12 * x < 3.19101965e+12) ? 3.29765836e+12 * x : 3.19101965e+12
c28(x) = (3.29765836e+12 * x < 2.84920384e+12) ? 3.29765836e+12 * x : 2.84920384e+12
set label 23 'tnn.popcount 3.19 TOP/s,  subgroup.shuffle_xor 2.85 TOP/s' at 131072, 3.19101965e+12 right offset -0.5,0.6 font ',9'
set label 24 'ridge 0.968 op/B' at 0.967662293, 3.19101965e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c29(x) = (3.29765836e+12 * x < 1.44825291e+12) ? 3.29765836e+12 * x : 1.44825291e+12
set label 25 'subgroup.block_write 1.45 TOP/s' at 131072, 1.44825291e+12 right offset -0.5,0.6 font ',9'
set label 26 'ridge 0.439 op/B' at 0.439176152, 1.44825291e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c30(x) = (3.29765836e+12 * x < 1.13955767e+12) ? 3.29765836e+12 * x : 1.13955767e+12
set label 27 'subgroup.reduce_add 1.14 TOP/s' at 131072, 1.13955767e+12 right offset -0.5,0.6 font ',9'
set label 28 'ridge 0.346 op/B' at 0.345565715, 1.13955767e+12 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c31(x) = (3.29765836e+12 * x < 5.06902471e+11) ? 3.29765836e+12 * x : 5.06902471e+11
c32(x) = (3.29765836e+12 * x < 4.93400559e+11) ? 3.29765836e+12 * x : 4.93400559e+11
set label 29 'atomic.global.distinct.u32 507 GOP/s,  atomic.global.distinct.f32 493 GOP/s' at 131072, 5.06902471e+11 right offset -0.5,0.6 font ',9'
set label 30 'ridge 0.154 op/B' at 0.153715884, 5.06902471e+11 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c33(x) = (3.29765836e+12 * x < 2.79902674e+11) ? 3.29765836e+12 * x : 2.79902674e+11
set label 31 'atomic.global.distinct.u64 280 GOP/s' at 131072, 2.79902674e+11 right offset -0.5,0.6 font ',9'
set label 32 'ridge 0.0849 op/B' at 0.0848792212, 2.79902674e+11 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c34(x) = (3.29765836e+12 * x < 4.36770635e+10) ? 3.29765836e+12 * x : 4.36770635e+10
set label 33 'atomic.global.contended.u32 43.7 GOP/s' at 131072, 4.36770635e+10 right offset -0.5,0.6 font ',9'
set label 34 'ridge 0.0132 op/B' at 0.0132448722, 4.36770635e+10 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c35(x) = (3.29765836e+12 * x < 1.26473616e+10) ? 3.29765836e+12 * x : 1.26473616e+10
set label 35 'atomic.local.contended.u64 12.6 GOP/s' at 131072, 1.26473616e+10 right offset -0.5,0.6 font ',9'
set label 36 'ridge 0.00384 op/B' at 0.00383525528, 1.26473616e+10 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c36(x) = (3.29765836e+12 * x < 1.36424469e+09) ? 3.29765836e+12 * x : 1.36424469e+09
set label 37 'atomic.global.contended.u64 1.36 GOP/s' at 131072, 1.36424469e+09 right offset -0.5,0.6 font ',9'
set label 38 'ridge 0.000414 op/B' at 0.00041370104, 1.36424469e+09 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c37(x) = (3.29765836e+12 * x < 567706168) ? 3.29765836e+12 * x : 567706168
set label 39 'atomic.global.contended.f32 568 MOP/s' at 131072, 567706168 right offset -0.5,0.6 font ',9'
set label 40 'ridge 0.000172 op/B' at 0.00017215433, 567706168 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
c38(x) = (3.29765836e+12 * x < 192343.758) ? 3.29765836e+12 * x : 192343.758
set label 41 'atomic.global.cmpxchg.u32 192 kOP/s' at 131072, 192343.758 right offset -0.5,0.6 font ',9'
set label 42 'ridge 5.83e-08 op/B' at 5.83273755e-08, 192343.758 left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'
set label 43 'stream.init.f64  3.3 TB/s' at 3.7252903e-09, 12284.7347 left offset 0,1.8 rotate by 30 font ',9'
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
     c27(x) lw 2 lc 4, \
     c28(x) lw 2 lc 5, \
     c29(x) lw 2 lc 6, \
     c30(x) lw 2 lc 7, \
     c31(x) lw 2 lc 8, \
     c32(x) lw 2 lc 1, \
     c33(x) lw 2 lc 2, \
     c34(x) lw 2 lc 3, \
     c35(x) lw 2 lc 4, \
     c36(x) lw 2 lc 5, \
     c37(x) lw 2 lc 6, \
     c38(x) lw 2 lc 7
