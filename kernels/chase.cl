// Pointer chase (the chase family, latency.chase). `next` holds a random cyclic permutation of
// cache lines (reference/chase.hpp, Sattolo's algorithm): the first word of each line is the
// word index of the next line's first word. One work-item follows it `steps` times, each load
// depending on the one before, so a launch takes steps x the load latency. The walk starts
// where the previous launch ended (state[0]) and leaves its end there, so launch after launch
// continues around the one cycle and covers the whole working set. With -DCLG_SM_CLOCK the
// walk's SM cycles and nanoseconds go to state[1..4] (clgauge_sm_clock.h).
#include "clgauge_sm_clock.h"

kernel void chase(global const uint* next, global uint* state, const uint steps) {
    uint i = state[0];
#ifdef CLG_SM_CLOCK
    const clg_sm_stamp t0 = clg_sm_now(i);
#endif
#pragma unroll 16
    for (uint s = 0; s < steps; ++s)
        i = next[i];
#ifdef CLG_SM_CLOCK
    clg_sm_store(state, t0, clg_sm_now(i));
#endif
    state[0] = i;
}
