// subgroup.*: the portable sub-group layer's operations, one entry each, on every path
// (intel, khr, ptx, emulated). kernels/subgroup.cl, reference/subgroup.hpp,
// suite/harness/subgroup.hpp. Rates count one operation per lane per sub-group operation.
#include "harness/subgroup.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> subgroup() {
    std::vector<Benchmark> v;
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.broadcast",
                .label = "SG broadcast",
                .description = "sub-group broadcast of a u32 and an f32 from data-chosen lanes",
            },
        .op = SgOp::Broadcast,
        .kernel = "sg_broadcast",
        .ops_per_step = 2,
    }));
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.reduce_add",
                .label = "SG reduce_add",
                .description = "sub-group reduce_add of u32, i32 and exactly summable f32",
            },
        .op = SgOp::ReduceAdd,
        .kernel = "sg_reduce_add",
        .ops_per_step = 3,
    }));
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.shuffle",
                .label = "SG shuffle",
                .description = "sub-group shuffle from a per-lane source lane",
            },
        .op = SgOp::Shuffle,
        .kernel = "sg_shuffle",
    }));
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.shuffle_xor",
                .label = "SG shuffle_xor",
                .description = "sub-group butterfly shuffle over every mask below the size",
            },
        .op = SgOp::ShuffleXor,
        .kernel = "sg_shuffle_xor",
    }));
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.block_read",
                .label = "SG block read",
                .description = "sub-group block read at step-dependent 16-byte-aligned offsets",
            },
        .op = SgOp::BlockRead,
        .kernel = "sg_block_read",
    }));
    v.push_back(subgroup_benchmark({
        .entry =
            {
                .id = "subgroup.block_write",
                .label = "SG block write",
                .description = "sub-group block write at step-dependent 16-byte-aligned offsets",
            },
        .op = SgOp::BlockWrite,
        .kernel = "sg_block_write",
    }));
    return v;
}

// Registry order 70: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(70, subgroup);

} // namespace clgauge::families
