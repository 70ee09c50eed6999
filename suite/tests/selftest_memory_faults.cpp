// label selftest: planted faults in the memory, stream, block, transfer and launch kernels
// must fail conformance (planted_fault.hpp rows; mem.block.read's stands apart: the entry is
// not in a build without the sub-group layer header).
#include "device_fixture.hpp"
#include "planted_fault.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

// A host-side receive route corrupts one word: the read-back pattern no longer checks.
const char* kWord = "p[i] = clg_mem_word(seed, i, k);";
const char* kWordCorrupted = "p[i] = clg_mem_word(seed, i, k) ^ (uint)(i == 4321u);";

const PlantedFault kFaults[] = {
    {"CoalescedReadDropsTheRemainder",
     {"mem.coalesced.read"},
     {},
     "    for (; i < n; i += G)\n        acc += a[i];",
     ""},
    {"CoalescedWriteStoresOneWrongUnit",
     {"mem.coalesced.write"},
     {},
     "out[first + j * L] = clg_pattern_unit(key, first + j * L);",
     "out[first + j * L] = clg_pattern_unit(key, first + j * L + (uint)(first == 3u));"},
    {"MisalignedReadSkipsAWord",
     {"mem.misaligned.read"},
     {},
     "for (uint j = 0; j < param; ++j)\n        acc +=",
     "for (uint j = 1; j < param; ++j)\n        acc +="},
    {"StridedReadIgnoresTheColumn",
     {"mem.strided.read"},
     {},
     "acc += a[r * param + col];",
     "acc += a[r * param];"},
    {"StridedWriteLosesALastRow",
     {"mem.strided.write"},
     {},
     "for (uint r = g; r < rows; r += G)\n            out",
     "for (uint r = g; r + 1 < rows; r += G)\n            out"},
    {"VectorCopyDropsTheLastUnit",
     {"mem.vector.v4"},
     {},
     "if (i < n) out[i] = a[i];",
     "if (i + 1 < n) out[i] = a[i];"},
    // Contraction is switched off so the compiler cannot fuse the split back.
    {"TriadFmaSplitIntoMulAdd",
     {"stream.triad.f32"},
     {},
     "kernel void stream_triad(CLG_STREAM_ARGS) {\n"
     "    const uint i = get_global_id(0);\n"
     "    if (i < n) out[i] = fma(b[i], c[i], a[i]);",
     "#pragma OPENCL FP_CONTRACT OFF\n"
     "kernel void stream_triad(CLG_STREAM_ARGS) {\n"
     "    const uint i = get_global_id(0);\n"
     "    if (i < n) out[i] = b[i] * c[i] + a[i];"},
    {"StreamReadSkipsAnElement",
     {"stream.read.f64"},
     {},
     "v[u] = a[i + u * G];",
     "v[u] = (i + u * G == 77u) ? 0 : a[i + u * G];"},
    {"DeviceToHostDataCorrupted", {"xfer.d2h.pinned"}, {}, kWord, kWordCorrupted},
    {"HostBufferReadDataCorrupted", {"xfer.hostbuf.read.blocking"}, {}, kWord, kWordCorrupted},
    {"MappedReadDataCorrupted", {"xfer.map.read"}, {}, kWord, kWordCorrupted},
    {"StagedReceiveDataCorrupted", {"xfer.d2h.pageable.staged"}, {}, kWord, kWordCorrupted},
    {"ALaunchLeavesNoTrace",
     {"launch.latency"},
     {},
     "if (get_global_id(0) == 0) out[slot]",
     "if (get_global_id(0) == 0 && slot != 5u) out[slot]"},
};
INSTANTIATE_PLANTED_FAULTS(Memory, kFaults);

TEST(PlantedFault, BlockReadIgnoresTheSubGroupBase) {
    if (!find_benchmark("mem.block.read"))
        GTEST_SKIP() << "mem.block.read is not in this build (no sub-group layer header)";
    expect_planted_fault_caught("mem.block.read",
                                "acc += clg_sg_block_read_u32(a + blk * L + base);",
                                "acc += clg_sg_block_read_u32(a + blk * L);");
}

} // namespace
} // namespace clgauge::test
