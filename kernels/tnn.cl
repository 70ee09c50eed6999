// Ternary dot-product throughput (OpenCL-Benchmark's TNN). A vector of 16 trits {-1, 0, 1} is two
// bit planes in a ushort2: s0 = x+ (the +1 trits), s1 = x- (the -1 trits); 0 is (0, 0).
// OpenCL-Benchmark's product c+ = (a+ & b+) | (a- & b-), c- = (a+ & b-) | (a- & b+) is counted with
// popcount, lane by lane: r0 = a & b holds the two halves of c+, r1 = a & b.s10 those of c-,
//   acc += popcount(r0); acc -= popcount(r1);
// so acc.s0 sums a_i * b_i over the +1 trits of a, acc.s1 over its -1 trits, and
// acc.s0 + acc.s1 is the dot product <a, b> (all modulo 2^16).
// Chain: after each dot product the running counts decide which trits of the other vector
// are negated (swap of its two planes there), so every product depends on the previous one:
//   d += <x, y>; y = negate(y, d);   e += <y, x>; x = negate(x, e);
// Each half-step is invertible, so no two work-items collapse onto one state.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif

// 16 trits: 3 in 4 nonzero (trits 0-3 always), signs random.
inline ushort2 clg_tnn_trits(uint r_nonzero, uint r_sign) {
    const ushort nz = (ushort)((r_nonzero | (r_nonzero >> 16)) | 0xfu);
    const ushort s = (ushort)r_sign;
    return (ushort2)(nz & s, nz & (ushort)~s);
}

// Negates the trits of v where the mask from the counts has a bit set.
inline ushort2 clg_tnn_negate(ushort2 v, ushort2 acc) {
    const ushort m = acc.s0 ^ rotate(acc.s1, (ushort)8);
    const ushort t = (v.s0 ^ v.s1) & m;
    return v ^ (ushort2)(t, t);
}

kernel void tnn_popcount(global uint4* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    ushort2 x = clg_tnn_trits(clg_rand(seed, gid, 0), clg_rand(seed, gid, 1));
    ushort2 y = clg_tnn_trits(clg_rand(seed, gid, 2), clg_rand(seed, gid, 3));
    ushort2 d = as_ushort2(clg_rand(seed, gid, 4));
    ushort2 e = as_ushort2(clg_rand(seed, gid, 5));
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            ushort2 r0 = x & y;
            ushort2 r1 = x & y.s10;
            d += popcount(r0);
            d -= popcount(r1);
            y = clg_tnn_negate(y, d);
            r0 = y & x;
            r1 = y & x.s10;
            e += popcount(r0);
            e -= popcount(r1);
            x = clg_tnn_negate(x, e);
        }
    }
    out[gid] = (uint4)(as_uint(x), as_uint(y), as_uint(d), as_uint(e));
}
