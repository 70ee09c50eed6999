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
    const uint c = clg_rand(seed, 0, 16) | 1u;
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
    const ulong c = (((ulong)clg_rand(seed, 0, 16) << 32) | clg_rand(seed, 0, 17)) | 1ul;
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

// short2 lanes: lane 0 in the low 16 bits of each stored word.
kernel void int16_mad(global uint2* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    ushort2 x = as_ushort2(clg_rand(seed, gid, 0));
    ushort2 y = as_ushort2(clg_rand(seed, gid, 1));
    const ushort2 c = as_ushort2(clg_rand(seed, 0, 16) | 0x00010001u);
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
