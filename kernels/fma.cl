// Floating-point FMA throughput (seed 000's method): private registers only, two chains
// that depend on each other every step, CLG_STEPS unrolled steps per repeat, one store.
// The chains are a leapfrog rotation (x += c*y; y -= c*x): bounded for any step count,
// never converging to zero, and a step rounded as mul+add gives different bits.
// Build options: -DCLG_STEPS=<n>; paths of fp16: -DCLG_PATH_NATIVE or -DCLG_PATH_PTX.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif
#define CLG_FMA(a, b, c) fma(a, b, c)

kernel void fp32_fma(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    float x = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 0)));
    float y = as_float(clg_f32_bits_2_4(clg_rand(seed, gid, 1)));
    const float c = as_float(clg_f32_bits_half_1(clg_rand(seed, 0, 16)));
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

#ifdef CLG_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void fp64_fma(global ulong2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    double x = as_double(clg_f64_bits_2_4(clg_rand(seed, gid, 0), clg_rand(seed, gid, 1)));
    double y = as_double(clg_f64_bits_2_4(clg_rand(seed, gid, 2), clg_rand(seed, gid, 3)));
    const double c = as_double(clg_f64_bits_half_1(clg_rand(seed, 0, 16), clg_rand(seed, 0, 17)));
    const double nc = -c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = CLG_FMA(y, c, x);
            y = CLG_FMA(x, nc, y);
        }
    }
    out[gid] = (ulong2)(as_ulong(x), as_ulong(y));
}
#endif

// half2 lanes as packed 32-bit words: lane 0 in the low 16 bits.
inline uint clg_f16x2_bits(uint r0, uint r1) {
    return (uint)clg_f16_bits_2_4(r0) | ((uint)clg_f16_bits_2_4(r1) << 16);
}

#if defined(CLG_PATH_NATIVE)
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
kernel void fp16_fma(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    uint x = clg_f16x2_bits(clg_rand(seed, gid, 0), clg_rand(seed, gid, 1));
    uint y = clg_f16x2_bits(clg_rand(seed, gid, 2), clg_rand(seed, gid, 3));
    const uint c0 = clg_f16_bits_half_1(clg_rand(seed, 0, 16));
    const uint c1 = clg_f16_bits_half_1(clg_rand(seed, 0, 17));
    const uint c = c0 | (c1 << 16);
    const uint nc = c ^ 0x80008000u;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = CLG_HFMA2(y, c, x);
            y = CLG_HFMA2(x, nc, y);
        }
    }
    out[gid] = (uint2)(x, y);
}
#endif
