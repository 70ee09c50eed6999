// Local-memory read bandwidth (the local family). A work-group fills a ring of CLG_LOCAL_N
// elements of CLG_LOCAL_V floats in local memory, waits at a barrier, then each work-item walks
// the ring from its own offset (its global id), one element per step, and adds the elements'
// bits into a wrapping uint sum per lane. Adds of whole numbers commute, so
// reference/local.hpp recomputes every sum whatever the order and the work-group size.
// With CLG_BANK_STRIDE set (the local-banks sweep), lane l of each 32 work-items starts its walk
// at word l x stride: a step's 32 loads then fall into gcd(stride, 32) words of each bank.
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif
#ifndef CLG_LOCAL_V
#define CLG_LOCAL_V 1
#endif
#define CLG_LOCAL_N 1024 // ring elements, a power of two

// Lane `lane` of ring element `e`: a whole float in [0, 65536), exact in any format.
inline float clg_local_lane(uint seed, uint e, uint lane) {
    return (float)(clg_rand(seed, e * CLG_LOCAL_V + lane, 0) & 0xffffu);
}

#if CLG_LOCAL_V == 1
typedef float clg_elem;
typedef uint clg_bits;
#define CLG_AS_BITS(x) as_uint(x)
#define CLG_ELEM(seed, e) clg_local_lane(seed, e, 0)
#elif CLG_LOCAL_V == 2
typedef float2 clg_elem;
typedef uint2 clg_bits;
#define CLG_AS_BITS(x) as_uint2(x)
#define CLG_ELEM(seed, e) (float2)(clg_local_lane(seed, e, 0), clg_local_lane(seed, e, 1))
#elif CLG_LOCAL_V == 4
typedef float4 clg_elem;
typedef uint4 clg_bits;
#define CLG_AS_BITS(x) as_uint4(x)
#define CLG_ELEM(seed, e)                                                                          \
    (float4)(clg_local_lane(seed, e, 0), clg_local_lane(seed, e, 1), clg_local_lane(seed, e, 2),   \
             clg_local_lane(seed, e, 3))
#else
#error "CLG_LOCAL_V must be 1, 2 or 4"
#endif

kernel void local_read(global clg_bits* out, const uint seed, const uint repeats) {
    // The ring, then its first CLG_STEPS elements again: one repeat's walk needs no wrap.
    local clg_elem ring[CLG_LOCAL_N + CLG_STEPS];
    for (uint i = get_local_id(0); i < CLG_LOCAL_N + CLG_STEPS; i += get_local_size(0))
        ring[i] = CLG_ELEM(seed, i & (CLG_LOCAL_N - 1));
    barrier(CLK_LOCAL_MEM_FENCE);

    const uint gid = get_global_id(0);
#ifdef CLG_BANK_STRIDE
    uint start = ((gid & 31u) * CLG_BANK_STRIDE) & (CLG_LOCAL_N - 1);
#else
    uint start = gid & (CLG_LOCAL_N - 1); // neighbours read neighbouring elements: no conflicts
#endif
    clg_bits acc = gid;                   // a per-item start keeps the sums apart
    for (uint r = 0; r < repeats; ++r) {
        local const clg_elem* walk = ring + start;
#pragma unroll
        for (uint s = 0; s < CLG_STEPS; ++s)
            acc += CLG_AS_BITS(walk[s]);
        start = (start + CLG_STEPS) & (CLG_LOCAL_N - 1);
    }
    out[gid] = acc;
}
