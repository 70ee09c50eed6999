// Modular reduction throughput (OpenCL-Benchmark's MOD): reduction modulo a Proth prime
// P = A * 2^16 + 1 on the hi/lo short split, x = hi(x) - lo(x) * A (hi signed, lo unsigned),
// which is congruent to -A * x modulo P. Fed from memory as OpenCL-Benchmark does: each step reads
// one 32-bit word d = (d0, d1) and runs two chains, each with its own prime:
//   x += d0; x = proth(x); x += d1; x = proth(x);   y += d1; y = proth(y); y += d0; ...
// The input is a small read-only buffer that stays in cache (in[j] = in[j % 256]); a repeat
// reads CLG_STEPS consecutive words from an offset that moves every repeat, so the loads
// have constant offsets and cannot be hoisted out of the repeat loop.
// The primes: A in {1023, 5005, 16441, 32745}; A < 32767 keeps every value inside int32.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif

constant int clg_proth_a[4] = {1023, 5005, 16441, 32745};

#define CLG_PROTH(v, a) ((int)as_short2(v).s1 - (int)as_ushort2(v).s0 * (a))

kernel void mod_proth(global uint2* out, const uint seed, const uint repeats,
                      global const uint* in) {
    const uint gid = get_global_id(0);
    int x = as_short2(clg_rand(seed, gid, 0)).s0;
    int y = as_short2(clg_rand(seed, gid, 1)).s0;
    const int ax = clg_proth_a[gid & 3];
    const int ay = clg_proth_a[(gid + 2) & 3];
    for (uint r = 0; r < repeats; ++r) {
        const global uint* p = in + ((gid + 7u * r) & 255u);
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            const short2 d = as_short2(p[i]);
            x += d.s0;
            x = CLG_PROTH(x, ax); // 2 operations
            x += d.s1;
            x = CLG_PROTH(x, ax); // 2 operations
            y += d.s1;
            y = CLG_PROTH(y, ay); // 2 operations
            y += d.s0;
            y = CLG_PROTH(y, ay); // 2 operations
        }
    }
    out[gid] = (uint2)(as_uint(x), as_uint(y));
}
