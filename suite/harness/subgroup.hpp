// Harness for sub-group operations (kernels/subgroup.cl through the layer in
// kernels/include/clgauge_subgroup.h). It first runs sg_lane_map to read back the lane ->
// sub-group map the device really uses, then runs the operation's chain kernel and checks
// every lane against the CPU model replayed from that map (reference/subgroup.hpp).
// Conformance: several work-group sizes (one leaves a partial last sub-group, one is a single
// work-item) and, on the intel path, every sub-group size the device offers through
// intel_reqd_sub_group_size. Perf: one calibrated launch, a sample of sub-groups checked.
#pragma once
#include "harness/adapter.hpp"

namespace clgauge {

enum class SgOp { Broadcast, ReduceAdd, Shuffle, ShuffleXor, BlockRead, BlockWrite };

// Kernel contract: kernel void NAME(global uint* out, const global uint* in, uint seed,
// uint repeats), 1-D, repeats * CLG_SG_STEPS steps; per-lane ops store words_per_item words
// at out[gid * words_per_item]; block writes leave their result in out's regions.
struct SubgroupSpec {
    EntryHeader entry; // family "subgroup", unit OP/s; paths default to subgroup_paths
    SgOp op = SgOp::Broadcast;
    std::string kernel;
    unsigned ops_per_step = 1; // sub-group operations per step, each counted once per lane
};

Benchmark subgroup_benchmark(SubgroupSpec spec);

// The paths of every sub-group entry: intel, khr, ptx, emulated (always available).
// block_io: the entry uses the block kernels, so its intel path needs intel block I/O.
std::vector<ImplPath> subgroup_paths(bool block_io);

// The options a sub-group path's programs are built with (before a required sub-group size):
// `cl_std` is the device's -cl-std for sub-groups, added where the path needs cl_khr_subgroups.
// The offline ISA checks build the same.
std::string subgroup_path_options(const ImplPath& path, const std::string& cl_std);

// Work-group sizes a conformance run uses for sub-groups of about `expected` lanes, all
// <= limit: several full sub-groups, a partial last sub-group, and a single work-item.
std::vector<size_t> subgroup_local_sizes(size_t expected, size_t limit);

// At most `most` of the offered sizes: all when few, else both ends and an even spread.
std::vector<size_t> pick_subgroup_sizes(std::vector<size_t> offered, size_t most);

} // namespace clgauge
