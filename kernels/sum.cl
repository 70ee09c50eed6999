// Shift / rotate / logic throughput with the nonlinear functions of SHA-256 (OpenCL-Benchmark's
// SUM): two chains that depend on each other every step, CLG_STEPS unrolled steps per repeat.
// sum_sha256: x = Sum0(x) + y; y = Sum1(y) + x, as OpenCL-Benchmark has it. Sum0 and Sum1 are
//   invertible linear maps over GF(2)^32, so the step is a bijection of (x, y).
// sum_sbox: x += Sbox(y); y += Sbox(x). Sbox (a chi-like map) is not invertible on 32 bits,
//   so it is applied in this leapfrog form, which is a bijection whatever Sbox is: long
//   chains never merge onto a common cycle.
// rotate() is OpenCL's left rotation: rotate(x, 32 - n) is SHA-256's right rotation by n.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif

inline uint clg_sum0(uint x) { return rotate(x, 32u - 2u) ^ rotate(x, 32u - 13u) ^ rotate(x, 32u - 22u); }
inline uint clg_sum1(uint x) { return rotate(x, 32u - 6u) ^ rotate(x, 32u - 11u) ^ rotate(x, 32u - 25u); }
inline uint clg_sbox(uint x) { return x ^ (rotate(~x, 1u) & rotate(x, 2u)); }

kernel void sum_sha256(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    uint x = clg_rand(seed, gid, 0);
    uint y = clg_rand(seed, gid, 1);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = clg_sum0(x) + y;
            y = clg_sum1(y) + x;
        }
    }
    out[gid] = (uint2)(x, y);
}

kernel void sum_sbox(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    uint x = clg_rand(seed, gid, 0);
    uint y = clg_rand(seed, gid, 1);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = clg_sbox(y) + x;
            y = clg_sbox(x) + y;
        }
    }
    out[gid] = (uint2)(x, y);
}
