// mem.coalesced.*, mem.misaligned.*, mem.strided.*, mem.vector.*: device memory bandwidth
// (kernels/memory.cl, reference/memory.hpp, harness suite/harness/memory.hpp).
#include "harness/memory.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

namespace {
MemSpec base(std::string id, std::string label, std::string kernel, std::string description) {
    MemSpec s;
    s.entry.id = std::move(id);
    s.entry.family = "memory";
    s.entry.label = std::move(label);
    s.kernel = std::move(kernel);
    s.entry.description = std::move(description);
    s.source = "memory.cl";
    s.entry.paths = {{"native", {}, ""}};
    return s;
}
MemSpec reading(MemSpec s, MemReference ref) {
    s.inputs = 1;
    s.loads = 1;
    s.reduces = true;
    s.reference = ref;
    return s;
}
MemSpec writing(MemSpec s) {
    s.stores = 1;
    s.reference = ref::pattern_word;
    return s;
}
} // namespace

std::vector<Benchmark> memory() {
    std::vector<Benchmark> v;

    // Coalesced: wide grid-stride loads/stores, several in flight; the width, unroll and
    // work-groups per compute unit are tunable (CLGAUGE_MEM_TUNE, README).
    MemSpec cr = reading(base("mem.coalesced.read", "Memory read", "mem_coalesced_read",
                              "grid-stride uint8 loads, one checksum per work-item"),
                         ref::coalesced_read);
    // Four work-groups of 256 per compute unit stay resident together on current GPUs even
    // at 64 registers per item, so the grid is one wave without a tail; two 32-byte loads in
    // flight per item are far more than Little's law asks of HBM.
    cr.geometry = MemGeometry::Grid;
    cr.vec = 8;
    cr.unroll = 2;
    cr.wgs_per_cu = 4;
    cr.tunable = true;
    v.push_back(memory_benchmark(cr));
    // Writes: tiles beat the grid-stride loop on a GPU's DRAM; one row, one uint4 per
    // work-item, was the fastest tile (baselines/nvidia/NOTES.md).
    MemSpec cw = writing(base("mem.coalesced.write", "Memory write", "mem_coalesced_write",
                              "one uint4 store of a per-word pattern per work-item"));
    cw.geometry = MemGeometry::Grid;
    cw.vec = 4;
    cw.tile = 1;
    cw.unroll = 1;
    cw.wgs_per_cu = 4;
    cw.tunable = true;
    v.push_back(memory_benchmark(cw));

    // Misaligned (OpenCL-Benchmark's pattern): each work-item walks its own 16 words.
    MemSpec mr = reading(base("mem.misaligned.read", "Memory read", "mem_misaligned_read",
                              "each work-item reads its own 16 consecutive words"),
                         ref::misaligned_read);
    mr.geometry = MemGeometry::PerBlock;
    mr.param = 16;
    v.push_back(memory_benchmark(mr));
    MemSpec mw = writing(base("mem.misaligned.write", "Memory write", "mem_misaligned_write",
                              "each work-item writes its own 16 consecutive words"));
    mw.geometry = MemGeometry::PerBlock;
    mw.param = 16;
    v.push_back(memory_benchmark(mw));

    // Strided: words `param` apart across work-items, every word once; the
    // stride-1 rate of the same kernel is measured beside it (CLGAUGE_MEM_STRIDE overrides).
    MemSpec sr = reading(base("mem.strided.read", "Memory read", "mem_strided_read",
                              "stride-8 reads (32 bytes apart), ratio to stride 1"),
                         ref::strided_read);
    sr.geometry = MemGeometry::Grid;
    sr.param = 8;
    sr.stride_ratio = true;
    v.push_back(memory_benchmark(sr));
    MemSpec sw = writing(base("mem.strided.write", "Memory write", "mem_strided_write",
                              "stride-8 writes (32 bytes apart), ratio to stride 1"));
    sw.geometry = MemGeometry::Grid;
    sw.param = 8;
    sw.stride_ratio = true;
    v.push_back(memory_benchmark(sw));

    // Vector width: copy with uintN, one vector per work-item.
    for (unsigned w : {1u, 2u, 4u, 8u, 16u}) {
        MemSpec c =
            base("mem.vector.v" + std::to_string(w), "Memory copy", "mem_vector_copy",
                 "copy, one uint" + (w > 1 ? std::to_string(w) : std::string()) + " per work-item");
        c.inputs = 1;
        c.loads = 1;
        c.stores = 1;
        c.vec = w;
        c.reference = ref::copied_word;
        v.push_back(memory_benchmark(c));
    }
    MemSpec pref = base("mem.vector.preferred", "Memory copy", "mem_vector_copy",
                        "copy at CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, all widths compared");
    pref.inputs = 1;
    pref.loads = 1;
    pref.stores = 1;
    pref.vector_sweep = true;
    pref.reference = ref::copied_word;
    v.push_back(memory_benchmark(pref));
    return v;
}

// Registry order 90: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(90, memory);

} // namespace clgauge::families
