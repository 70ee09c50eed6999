// Cache-resident read bandwidth (the cache family, harness suite/harness/cache.cpp). Every
// work-group reads one window of n float4 elements (the working set) over and over, and each
// work-item sums what it read; reference/cache.hpp recomputes every sum.
//
// Layout. The window is cut into chunks of CLG_UNROLL rows of CLG_ROW elements (512-byte
// rows). Work-item l reads lane l % CLG_ROW of every row of one chunk per step, so 32
// neighbouring items read whole rows (coalesced float4 loads) and the CLG_UNROLL loads of a
// step sit at constant offsets from one pointer: no index arithmetic per load, all of them in
// flight at once. The items of a group take consecutive chunks (slot l / CLG_ROW); a step
// moves every item `jump` elements on (the group's whole span, reduced into (0, n] by the
// host), wrapping at n; group g starts `phase` * g elements in, so a large window is read by
// all groups at once from different places, and an element is read again only after about a
// window's worth of other reads (the harness makes a launch read at least the window).
//
// Why the compiler can neither hoist nor drop the repeated loads: `cur` is carried from step
// to step, advanced by the run-time `jump` and wrapped at the run-time `n`, so no step's
// addresses are provably loop-invariant or equal to an earlier step's (even where, at run
// time, jump == n and each step re-reads the same rows of an L1-sized window); and every
// load feeds the sum the item stores. No volatile, no dependence of an address on loaded
// data (which would serialize the loads).
//
// Exactness. The elements are whole numbers 0..15 and the sums start at gid & 0xffff, so
// every partial sum is a whole number below 2^24 (the harness bounds the steps) and float
// adds in any order give the one exact result.
#include "clgauge_inputs.h"

#ifndef CLG_UNROLL
#define CLG_UNROLL 8
#endif
#define CLG_ROW 32u
#define CLG_CHUNK (CLG_ROW * CLG_UNROLL)

// Lane `lane` of element `e`: a whole number 0..15 from the seed.
inline float clg_cache_lane(uint seed, uint e, uint lane) {
    return (float)(clg_rand(seed, e * 4u + lane, 9u) & 15u);
}

kernel void cache_fill(global float4* restrict p, const uint n, const uint seed) {
    for (uint e = get_global_id(0); e < n; e += get_global_size(0))
        p[e] = (float4)(clg_cache_lane(seed, e, 0u), clg_cache_lane(seed, e, 1u),
                        clg_cache_lane(seed, e, 2u), clg_cache_lane(seed, e, 3u));
}

// n: window elements, a multiple of CLG_CHUNK; jump, phase: multiples of CLG_CHUNK, jump in
// (0, n]; repeats: steps per item.
kernel void cache_read(global float4* restrict out, global const float4* restrict data,
                       const uint n, const uint jump, const uint phase, const uint repeats) {
    const uint lid = get_local_id(0);
    const ulong first = (ulong)get_group_id(0) * phase + (ulong)(lid / CLG_ROW) * CLG_CHUNK;
    uint cur = (uint)(first % n);
    global const float4* lane = data + lid % CLG_ROW;
    float4 acc = (float4)((float)(get_global_id(0) & 0xffffu));
    for (uint r = 0; r < repeats; ++r) {
        global const float4* chunk = lane + cur;
#pragma unroll
        for (uint u = 0; u < CLG_UNROLL; ++u)
            acc += chunk[u * CLG_ROW];
        cur += jump;
        cur = cur >= n ? cur - n : cur;
    }
    out[get_global_id(0)] = acc;
}
