// Floating-point FMA throughput (OpenCL-Benchmark's method): private registers only, pairs of
// chains that depend on each other every step, CLG_STEPS unrolled steps per repeat, one store.
// The chains are a leapfrog rotation (x += c*y; y -= c*x): bounded for any step count,
// never converging to zero, and a step rounded as mul+add gives different bits.
// Build options: -DCLG_STEPS=<n>; paths of fp16: -DCLG_PATH_NATIVE or -DCLG_PATH_PTX;
// -DCLG_LANE_STRIDE=<s> adds fp32_fma_strided (the fma-strided sweep).
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif
#define CLG_FMA(a, b, c) fma(a, b, c)

kernel void fp32_fma(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    float x = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 0)));
    float y = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 1)));
    const float c = as_float(clg_f32_bits_half_1(clg_const(seed, 16)));
    const float nc = -c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = CLG_FMA(y, c, x);
            y = CLG_FMA(x, nc, y);
        }
    }
    out[gid] = (uint2)(as_uint(x), as_uint(y));
}

#ifdef CLG_LANE_STRIDE
// Strided FMA (the sawtooth sweep's kernel): only every CLG_LANE_STRIDE-th work-item runs the
// chain, the others store their inputs. Warps / sub-groups are consecutive work-items of a
// work-group and work-groups start at multiples of their size, so for strides that divide the
// work-group size this leaves (SIMD width / stride) lanes of each warp active.
kernel void fp32_fma_strided(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    float x = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 0)));
    float y = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 1)));
    const float c = as_float(clg_f32_bits_half_1(clg_const(seed, 16)));
    const float nc = -c;
    if (gid % CLG_LANE_STRIDE == 0u) {
        for (uint r = 0; r < repeats; ++r) {
#pragma unroll
            for (uint i = 0; i < CLG_STEPS; ++i) {
                x = CLG_FMA(y, c, x);
                y = CLG_FMA(x, nc, y);
            }
        }
    }
    out[gid] = (uint2)(as_uint(x), as_uint(y));
}
#endif

#ifdef CLG_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// The value whose bits are clg_f64_bits_2_4(hi, lo), made by arithmetic: 2 + m * 2^-51 is
// exact for the 52-bit mantissa m, and the sign is a multiply by +-1. Made from two 32-bit
// halves instead, the doubles left NVIDIA's compiler register moves at the head of the chain
// loop, which ran measurably slower (baselines/nvidia/NOTES.md).
inline double clg_f64_2_4(uint hi, uint lo) {
    const double v = fma((double)clg_f64_mantissa(hi, lo), 0x1p-51, 2.0);
    return v * (double)(1 - 2 * (int)(lo & 1u));
}

// Two independent pairs of chains (streams 0-3 and 4-7), stored x0, y0, x1, y1, 1024 steps
// unrolled (the entry's CLG_STEPS): fewer branches per DFMA than one pair of 512 steps, and
// two independent DFMAs in flight per warp keep the FP64 pipe busier (baselines/nvidia/
// NOTES.md).
kernel void fp64_fma(global ulong* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    double x0 = clg_f64_2_4(clg_rand(seed, gid, 0), clg_rand(seed, gid, 1));
    double y0 = clg_f64_2_4(clg_rand(seed, gid, 2), clg_rand(seed, gid, 3));
    double x1 = clg_f64_2_4(clg_rand(seed, gid, 4), clg_rand(seed, gid, 5));
    double y1 = clg_f64_2_4(clg_rand(seed, gid, 6), clg_rand(seed, gid, 7));
    const double c = as_double(clg_f64_bits_half_1(clg_const(seed, 16), clg_const(seed, 17)));
    const double nc = -c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x0 = CLG_FMA(y0, c, x0);
            x1 = CLG_FMA(y1, c, x1);
            y0 = CLG_FMA(x0, nc, y0);
            y1 = CLG_FMA(x1, nc, y1);
        }
    }
    vstore4((ulong4)(as_ulong(x0), as_ulong(y0), as_ulong(x1), as_ulong(y1)), gid, out);
}
#endif

// half2 lanes as packed 32-bit words: lane 0 in the low 16 bits.
inline uint clg_f16x2_bits(uint r0, uint r1) {
    return (uint)clg_f16_bits_2_4(r0) | ((uint)clg_f16_bits_2_4(r1) << 16);
}

#if defined(CLG_PATH_NVHALF)
// NVIDIA compiles half2 operators but reports no cl_khr_fp16 and declares no half
// built-ins; the kernel declares the extension itself (as OpenCL-Benchmark does) and relies
// on contraction of a*b+c, which the bit-exact check proves happened.
#define cl_khr_fp16 1
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
typedef union {
    uint u;
    half2 h;
} clg_half2_bits;
inline uint clg_hfma2_contract(uint a, uint b, uint c) {
    clg_half2_bits A, B, C, D;
    A.u = a;
    B.u = b;
    C.u = c;
    D.h = A.h * B.h + C.h;
    return D.u;
}
#define CLG_HFMA2(a, b, c) clg_hfma2_contract(a, b, c)
#elif defined(CLG_PATH_NATIVE)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define CLG_HFMA2(a, b, c) as_uint(fma(as_half2(a), as_half2(b), as_half2(c)))
#elif defined(CLG_PATH_PTX)
inline uint clg_hfma2_ptx(uint a, uint b, uint c) {
    uint d;
    asm("fma.rn.f16x2 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
#define CLG_HFMA2(a, b, c) clg_hfma2_ptx(a, b, c)
#endif

#ifdef CLG_HFMA2
// One pair of half2 chains per work-item. On NVIDIA the rate hangs on the driver's register
// allocation: HFMA2 reads x and y from registers, and when both sit in one register bank it
// issues at half rate. With the constants as immediates (clg_const) and this store the
// driver keeps them apart; stored through an indexed loop, or as two or four pairs, the chain
// ran at half to four fifths of the rate (baselines/nvidia/NOTES.md). A driver whose
// allocation changes shows in the perf gate.
kernel void fp16_fma(global uint* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    uint x = clg_f16x2_bits(clg_rand(seed, gid, 0), clg_rand(seed, gid, 1));
    uint y = clg_f16x2_bits(clg_rand(seed, gid, 2), clg_rand(seed, gid, 3));
    const uint c0 = clg_f16_bits_half_1(clg_const(seed, 16));
    const uint c1 = clg_f16_bits_half_1(clg_const(seed, 17));
    const uint c = c0 | (c1 << 16);
    const uint nc = c ^ 0x80008000u;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = CLG_HFMA2(y, c, x);
            y = CLG_HFMA2(x, nc, y);
        }
    }
    vstore2((uint2)(x, y), gid, out);
}
#endif
