// subgroup.*: the portable sub-group layer's operations, one entry each, on every path
// (intel, khr, ptx, emulated). kernels/subgroup.cl, reference/subgroup.hpp,
// suite/harness/subgroup.hpp. Rates count one operation per lane per sub-group operation.
#include "harness/subgroup.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> subgroup() {
    // Entry subgroup.<name> runs kernel sg_<name>.
    struct Row {
        const char* name;
        const char* label;
        SgOp op;
        unsigned ops_per_step; // sub-group operations per step
        const char* description;
    };
    const Row rows[] = {
        {"broadcast", "SG broadcast", SgOp::Broadcast, 2,
         "sub-group broadcast of a u32 and an f32 from data-chosen lanes"},
        {"reduce_add", "SG reduce_add", SgOp::ReduceAdd, 3,
         "sub-group reduce_add of u32, i32 and exactly summable f32"},
        {"shuffle", "SG shuffle", SgOp::Shuffle, 1,
         "sub-group shuffle from a per-lane source lane"},
        {"shuffle_xor", "SG shuffle_xor", SgOp::ShuffleXor, 1,
         "sub-group butterfly shuffle over every mask below the size"},
        {"block_read", "SG block read", SgOp::BlockRead, 1,
         "sub-group block read at step-dependent 16-byte-aligned offsets"},
        {"block_write", "SG block write", SgOp::BlockWrite, 1,
         "sub-group block write at step-dependent 16-byte-aligned offsets"},
    };
    std::vector<Benchmark> v;
    for (const Row& r : rows)
        v.push_back(subgroup_benchmark({.entry = {.id = std::string("subgroup.") + r.name,
                                                  .label = r.label,
                                                  .description = r.description},
                                        .op = r.op,
                                        .kernel = std::string("sg_") + r.name,
                                        .ops_per_step = r.ops_per_step}));
    return v;
}

// Registry order 70: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(70, subgroup);

} // namespace clgauge::families
