// Block memory I/O (OpenCL-Benchmark's pattern): each sub-group moves one block of consecutive
// words per step, lane l the l-th word ("interleaved"), through the sub-group layer's block
// operations (intel_sub_group_block_read/write where present, p[lane] elsewhere). Work-group g
// walks blocks g, g + groups, ... of get_local_size(0) words; CLG_UNROLL blocks in flight. Harness
// contract as kernels/memory.cl (suite/harness/memory.hpp); n is a multiple of the work-group size.
// The read stores, per work-item, the sum of the words its lane read.
#include "clgauge_memory.h"
#include "clgauge_subgroup.h"

#ifndef CLG_UNROLL
#define CLG_UNROLL 1
#endif

#ifdef CLG_SG_PATH
CLG_SG_KERNEL_ATTR
kernel void mem_block_read(global uint* out, global const uint* restrict a, global const uint* b,
                           global const uint* c, const uint n, const uint param,
                           const uint seed) {
    CLG_SG_SETUP();
    const uint L = get_local_size(0), step = get_num_groups(0), blocks = n / L;
    // The sub-group's first word within a block: lane 0's local id, the same in every lane.
    const uint base = clg_sg_broadcast_u32((uint)get_local_id(0), 0u);
    uint acc = 0;
    uint blk = get_group_id(0);
    for (; blk + (CLG_UNROLL - 1) * step < blocks; blk += CLG_UNROLL * step) {
#pragma unroll
        for (uint u = 0; u < CLG_UNROLL; ++u)
            acc += clg_sg_block_read_u32(a + (blk + u * step) * L + base);
    }
    for (; blk < blocks; blk += step)
        acc += clg_sg_block_read_u32(a + blk * L + base);
    out[get_group_id(0) * L + base + clg_sg_lane()] = acc;
}

CLG_SG_KERNEL_ATTR
kernel void mem_block_write(global uint* out, global const uint* a, global const uint* b,
                            global const uint* c, const uint n, const uint param,
                            const uint seed) {
    CLG_SG_SETUP();
    const uint L = get_local_size(0), step = get_num_groups(0), blocks = n / L;
    const uint base = clg_sg_broadcast_u32((uint)get_local_id(0), 0u);
    const uint word = base + clg_sg_lane();
    const uint key = clg_mem_key(seed);
    uint blk = get_group_id(0);
    for (; blk + (CLG_UNROLL - 1) * step < blocks; blk += CLG_UNROLL * step) {
#pragma unroll
        for (uint u = 0; u < CLG_UNROLL; ++u)
            clg_sg_block_write_u32(out + (blk + u * step) * L + base,
                                   clg_mem_pattern(key, (blk + u * step) * L + word));
    }
    for (; blk < blocks; blk += step)
        clg_sg_block_write_u32(out + blk * L + base, clg_mem_pattern(key, blk * L + word));
}
#endif
