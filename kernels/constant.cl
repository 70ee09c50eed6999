// Constant memory. Harness contract (suite/harness/chain.hpp):
// kernel void NAME(global uint* out, uint seed, uint repeats, constant uint* in), built with
// -DCLG_STEPS=<unrolled steps> and -DCLG_CONST_WORDS=<words of in, a power of two>. Each step
// a work-item reads one constant word and folds it into its value, acc = acc * 0x01000193 + w;
// step s reads word s (broadcast: every work-item the same address) or word s + 33 * gid
// (divergent: the items of a sub-group read different words), modulo CLG_CONST_WORDS.
#include "clgauge_inputs.h"

#define CLG_CONST_MASK (CLG_CONST_WORDS - 1u)

kernel void constant_broadcast(global uint* out, const uint seed, const uint repeats,
                               constant uint* in) {
    const uint gid = get_global_id(0);
    uint acc = clg_rand(seed, gid, 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            acc = acc * 0x01000193u + in[(r * CLG_STEPS + k) & CLG_CONST_MASK];
    }
    out[gid] = acc;
}

kernel void constant_divergent(global uint* out, const uint seed, const uint repeats,
                               constant uint* in) {
    const uint gid = get_global_id(0);
    const uint offset = gid * 33u;
    uint acc = clg_rand(seed, gid, 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            acc = acc * 0x01000193u + in[(r * CLG_STEPS + k + offset) & CLG_CONST_MASK];
    }
    out[gid] = acc;
}
