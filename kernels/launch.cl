// Launch latency: an empty kernel of one work-item. Launch k stores one word into
// its own slot, so the check proves that every timed launch really ran.
#include "clgauge_inputs.h"

kernel void launch_empty(global uint* out, const uint slot, const uint seed) {
    if (get_global_id(0) == 0) out[slot] = clg_rand(seed, slot, 0);
}
