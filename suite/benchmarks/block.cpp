// mem.block.read / mem.block.write: sub-group block I/O, interleaved (kernels/block.cl,
// reference/block.hpp, harness suite/harness/memory.hpp), on the sub-group layer's paths.
#include "reference/block.hpp"
#include "harness/memory.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> block() {
    // Best first: Intel's block messages, khr sub-groups, NVIDIA warps, the emulation.
    const std::vector<ImplPath> paths = {
        {"intel", {Need::IntelSubgroups, Need::IntelBlockIO}, "-DCLG_SG_INTEL"},
        {"khr", {Need::KhrSubgroups}, "-DCLG_SG_KHR"},
        {"ptx", {Need::InlinePtx}, "-DCLG_SG_PTX"},
        {"emulated", {}, "-DCLG_SG_EMU"}};
    std::vector<Benchmark> v;
    for (const bool read : {true, false}) {
        MemSpec s;
        s.entry.id = read ? "mem.block.read" : "mem.block.write";
        s.entry.family = "block";
        s.entry.label = read ? "Memory read" : "Memory write";
        s.entry.description = read ? "sub-group block reads, one checksum per work-item"
                                   : "sub-group block writes of a per-word pattern";
        s.entry.paths = paths;
        s.source = "block.cl";
        s.kernel = read ? "mem_block_read" : "mem_block_write";
        s.inputs = read ? 1 : 0;
        s.loads = read ? 1 : 0;
        s.stores = read ? 0 : 1;
        s.reduces = read;
        s.geometry = MemGeometry::Grid;
        s.unroll = 4;
        s.whole_groups = true;
        s.subgroup_std = true;
        s.reference = read ? ref::block_read : ref::block_written_word;
        v.push_back(memory_benchmark(s));
    }
    return v;
}

// Registry order 100: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(100, block);

} // namespace clgauge::families
