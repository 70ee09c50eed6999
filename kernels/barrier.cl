// Work-group barriers. Harness contract (suite/harness/group.hpp):
// kernel void NAME(global uint* out, uint seed, uint repeats), built with -DCLG_LOCAL=<work-group
// size> and -DCLG_STEPS=<unrolled steps>. Each step every work-item stores its value in its
// local slot, waits at a barrier, takes the value of the next slot (the last item the first
// one's) through its own affine map F_lid(x) = x * M + A_lid, and waits again before the slot
// is stored to anew: two barriers a step. After n steps item i holds
// F_i(F_{i+1}(... F_{i+n-1}(start of item i + n))), positions mod L, of its work-group
// (reference/barrier.hpp). The maps differ by position so that a value carries the path it
// took: with one map for all, the words told only how far the values had moved, and a ring
// whose items took the wrong places (lid ^ 1, which commutes with every even shift) stored
// the right words after an even number of steps. A_lid is computed once, outside the loop:
// a step costs what it did with a constant.
// Without the first barrier an item reads a slot its neighbour has not stored yet in this
// step; without the second, a slot its neighbour has already overwritten for the next one.
// PoCL runs a work-group's items one after another between barriers, in order of local id:
// there, dropping either barrier makes items read a slot of the wrong step (the next slot is
// stored later in the loop; the first slot, read by the last item, earlier).
#include "clgauge_inputs.h"

#define CLG_MUL 0x2c1b3c6du

kernel void barrier_exchange(global uint* out, const uint seed, const uint repeats) {
    local uint slot[CLG_LOCAL];
    const uint lid = get_local_id(0);
    const uint next = lid + 1u == CLG_LOCAL ? 0u : lid + 1u;
    const uint add = clg_rand(seed, lid, 1);
    uint v = clg_rand(seed, get_global_id(0), 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k) {
            slot[lid] = v;
            barrier(CLK_LOCAL_MEM_FENCE);
            v = slot[next] * CLG_MUL + add;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    out[get_global_id(0)] = v;
}
