// Local-memory pointer chase (local.latency, on the chase harness). `next` is the chase's
// random cyclic permutation (reference/chase.hpp): word k of a line holds the word index of the
// next line's first word. The one work-item copies it into local memory as byte offsets, so
// that each step of the walk is one dependent local load with no index arithmetic between two
// loads (the published shared-memory latencies are timed the same way), then follows it
// `steps` times from where the previous launch ended (state[0], a word index) and leaves its
// end there. The copy is the same in every launch: the harness's N and 2N-step pair cancels it.
// CLG_LOCAL_CHASE_WORDS: the permutation's words, set by the harness for the device. With
// -DCLG_SM_CLOCK the walk's SM cycles and nanoseconds go to state[1..4] (clgauge_sm_clock.h).
#include "clgauge_sm_clock.h"
#ifndef CLG_LOCAL_CHASE_WORDS
#define CLG_LOCAL_CHASE_WORDS 1
#endif

kernel void local_chase(global const uint* next, global uint* state, const uint steps) {
    local uint offset[CLG_LOCAL_CHASE_WORDS];
    for (uint k = 0; k < CLG_LOCAL_CHASE_WORDS; ++k)
        offset[k] = next[k] * 4u;
    barrier(CLK_LOCAL_MEM_FENCE);
    local const uchar* base = (local const uchar*)offset;
    uint at = state[0] * 4u;
#ifdef CLG_SM_CLOCK
    const clg_sm_stamp t0 = clg_sm_now(at);
#endif
#pragma unroll 16
    for (uint s = 0; s < steps; ++s)
        at = *(local const uint*)(base + at);
#ifdef CLG_SM_CLOCK
    clg_sm_store(state, t0, clg_sm_now(at));
#endif
    state[0] = at / 4u;
}
