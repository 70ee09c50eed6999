// Integer multiply-add throughput, the integer twin of fma.cl: two chains that depend on each
// other every step, x += c*y; y -= c*x (wrapping). With an odd c the step is a bijection,
// so different work-items never collapse onto one value.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif

kernel void int32_mad(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    uint x = clg_rand(seed, gid, 0);
    uint y = clg_rand(seed, gid, 1);
    const uint c = clg_const(seed, 16) | 1u;
    const uint nc = 0u - c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = y * c + x;
            y = x * nc + y;
        }
    }
    out[gid] = (uint2)(x, y);
}

kernel void int64_mad(global ulong2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    ulong x = ((ulong)clg_rand(seed, gid, 0) << 32) | clg_rand(seed, gid, 1);
    ulong y = ((ulong)clg_rand(seed, gid, 2) << 32) | clg_rand(seed, gid, 3);
    const ulong c = (((ulong)clg_const(seed, 16) << 32) | clg_const(seed, 17)) | 1ul;
    const ulong nc = 0ul - c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = y * c + x;
            y = x * nc + y;
        }
    }
    out[gid] = (ulong2)(x, y);
}

// short2 lanes: lane 0 in the low 16 bits of each stored word. Multiply and add commute
// with reduction mod 2^16, so the wide path holds each lane in a 32-bit register and
// truncates once, at the store: on NVIDIA, whose IMAD is 32-bit, the packed ushort2 form
// costs repacking every step, which NVIDIA runs slower than the wide form
// (baselines/nvidia/NOTES.md). Devices with packed 16-bit ALUs run the packed path faster.
#ifdef CLG_I16_WIDE
kernel void int16_mad(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    const uint rx = clg_rand(seed, gid, 0), ry = clg_rand(seed, gid, 1);
    const uint rc = clg_const(seed, 16) | 0x00010001u;
    uint x0 = rx & 0xffffu, x1 = rx >> 16, y0 = ry & 0xffffu, y1 = ry >> 16;
    const uint c0 = rc & 0xffffu, c1 = rc >> 16, nc0 = 0u - c0, nc1 = 0u - c1;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x0 = y0 * c0 + x0;
            x1 = y1 * c1 + x1;
            y0 = x0 * nc0 + y0;
            y1 = x1 * nc1 + y1;
        }
    }
    out[gid] = (uint2)((x0 & 0xffffu) | (x1 << 16), (y0 & 0xffffu) | (y1 << 16));
}
#else
kernel void int16_mad(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    ushort2 x = as_ushort2(clg_rand(seed, gid, 0));
    ushort2 y = as_ushort2(clg_rand(seed, gid, 1));
    const ushort2 c = as_ushort2(clg_const(seed, 16) | 0x00010001u);
    const ushort2 nc = (ushort2)(0) - c;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = y * c + x;
            y = x * nc + y;
        }
    }
    out[gid] = (uint2)(as_uint(x), as_uint(y));
}
#endif
