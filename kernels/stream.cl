// Stream kernels (the stream sweep's table, BabelStream's set) in float or double (-DCLG_F64).
// Harness contract as kernels/memory.cl: (out, a, b, c, n, param, seed). a, b and c hold
// values in [1,2) and are never written, so any number of launches leaves `out` holding
// exactly f(a, b, c), which the CPU recomputes with the same IEEE operations.
#include "clgauge_memory.h"

#ifdef CLG_F64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#define CLG_SCALAR(seed) as_double(clg_f64_bits_half_1(clg_rand(seed, 0, 16), clg_rand(seed, 0, 17)))
#else
typedef float real;
#define CLG_SCALAR(seed) as_float(clg_f32_bits_half_1(clg_rand(seed, 0, 16)))
#endif

// Every pattern moves CLG_VEC elements per work-item and load (16 bytes: float4, double2):
// with one 4-byte element per work-item a GPU's DRAM streams well short of its bandwidth
// (baselines/nvidia/NOTES.md).
#ifndef CLG_VEC
#define CLG_VEC 1
#endif
#ifdef CLG_F64
#define CLG_RT double
#else
#define CLG_RT float
#endif
#define CLG_CAT_(a, b) a##b
#define CLG_CAT(a, b) CLG_CAT_(a, b)
#if CLG_VEC == 1
typedef real realv;
#define CLG_INDEX_LANES(e) ((realv)(e))
#elif CLG_VEC == 2
typedef CLG_CAT(CLG_RT, 2) realv;
#define CLG_INDEX_LANES(e) ((realv)((real)(e), (real)((e) + 1u)))
#elif CLG_VEC == 4
typedef CLG_CAT(CLG_RT, 4) realv;
#define CLG_INDEX_LANES(e) ((realv)((real)(e), (real)((e) + 1u), (real)((e) + 2u), (real)((e) + 3u)))
#else
#error "stream kernels take CLG_VEC 1, 2 or 4"
#endif

// n counts units of CLG_VEC elements.
#define CLG_STREAM_ARGS                                                                            \
    global realv *out, global const realv *restrict a, global const realv *restrict b,            \
        global const realv *restrict c, const uint n, const uint param, const uint seed

// init: one store. An index-dependent value rather than one constant, so no memory
// compression can shortcut the stores.
kernel void stream_init(CLG_STREAM_ARGS) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = CLG_SCALAR(seed) * CLG_INDEX_LANES(i * CLG_VEC);
}

#ifndef CLG_UNROLL
#define CLG_UNROLL 1
#endif
// read: each work-item sums its grid-stride share of units in order, the CLG_VEC lanes of a
// unit in order, which is what the CPU reproduces. The loads of CLG_UNROLL units are issued
// before their adds, so that many are in flight per work-item while the additions keep their
// order.
#if CLG_VEC == 1
#define CLG_ADD_LANES(s, v) ((s) + (v))
#elif CLG_VEC == 2
#define CLG_ADD_LANES(s, v) (((s) + (v).s0) + (v).s1)
#else
#define CLG_ADD_LANES(s, v) (((((s) + (v).s0) + (v).s1) + (v).s2) + (v).s3)
#endif
kernel void stream_read(global real* out, global const realv* restrict a, global const realv* b,
                        global const realv* c, const uint n, const uint param, const uint seed) {
    const uint g = get_global_id(0), G = get_global_size(0);
    real sum = 0;
    uint i = g;
    if (n >= (CLG_UNROLL - 1) * G) {
        const uint last = n - (CLG_UNROLL - 1) * G;
        for (; i < last; i += CLG_UNROLL * G) {
            realv v[CLG_UNROLL];
#pragma unroll
            for (uint u = 0; u < CLG_UNROLL; ++u)
                v[u] = a[i + u * G];
#pragma unroll
            for (uint u = 0; u < CLG_UNROLL; ++u)
                sum = CLG_ADD_LANES(sum, v[u]);
        }
    }
    for (; i < n; i += G)
        sum = CLG_ADD_LANES(sum, a[i]);
    out[g] = sum;
}

kernel void stream_copy(CLG_STREAM_ARGS) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = a[i];
}

kernel void stream_scale(CLG_STREAM_ARGS) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = CLG_SCALAR(seed) * a[i];
}

kernel void stream_add(CLG_STREAM_ARGS) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = a[i] + b[i];
}

// triad as the stream sweep counts it: three loads, one store (A = B + D * C), one rounding.
kernel void stream_triad(CLG_STREAM_ARGS) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = fma(b[i], c[i], a[i]);
}
