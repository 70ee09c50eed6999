// label selftest: planted faults in the memory, stream, block, transfer and launch kernels
// must fail conformance.
#include "device_fixture.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

void expect_caught(const std::string& id, const std::string& from, const std::string& to) {
    expect_planted_fault_caught(id, from, to);
}

TEST(PlantedFault, CoalescedReadDropsTheRemainder) {
    expect_caught("mem.coalesced.read", "    for (; i < n; i += G)\n        acc += a[i];", "");
}
TEST(PlantedFault, CoalescedWriteStoresOneWrongUnit) {
    expect_caught(
        "mem.coalesced.write", "out[first + j * L] = clg_pattern_unit(key, first + j * L);",
        "out[first + j * L] = clg_pattern_unit(key, first + j * L + (uint)(first == 3u));");
}
TEST(PlantedFault, MisalignedReadSkipsAWord) {
    expect_caught("mem.misaligned.read", "for (uint j = 0; j < param; ++j)\n        acc +=",
                  "for (uint j = 1; j < param; ++j)\n        acc +=");
}
TEST(PlantedFault, StridedReadIgnoresTheColumn) {
    expect_caught("mem.strided.read", "acc += a[r * param + col];", "acc += a[r * param];");
}
TEST(PlantedFault, StridedWriteLosesALastRow) {
    expect_caught("mem.strided.write", "for (uint r = g; r < rows; r += G)\n            out",
                  "for (uint r = g; r + 1 < rows; r += G)\n            out");
}
TEST(PlantedFault, VectorCopyDropsTheLastUnit) {
    expect_caught("mem.vector.v4", "if (i < n) out[i] = a[i];", "if (i + 1 < n) out[i] = a[i];");
}
// Contraction is switched off so the compiler cannot fuse the split back.
TEST(PlantedFault, TriadFmaSplitIntoMulAdd) {
    expect_caught("stream.triad.f32",
                  "kernel void stream_triad(CLG_STREAM_ARGS) {\n"
                  "    const uint i = get_global_id(0);\n"
                  "    if (i < n) out[i] = fma(b[i], c[i], a[i]);",
                  "#pragma OPENCL FP_CONTRACT OFF\n"
                  "kernel void stream_triad(CLG_STREAM_ARGS) {\n"
                  "    const uint i = get_global_id(0);\n"
                  "    if (i < n) out[i] = b[i] * c[i] + a[i];");
}
TEST(PlantedFault, StreamReadSkipsAnElement) {
    expect_caught("stream.read.f64", "v[u] = a[i + u * G];",
                  "v[u] = (i + u * G == 77u) ? 0 : a[i + u * G];");
}
TEST(PlantedFault, BlockReadIgnoresTheSubGroupBase) {
    if (!find_benchmark("mem.block.read"))
        GTEST_SKIP() << "mem.block.read is not in this build (no sub-group layer header)";
    expect_caught("mem.block.read", "acc += clg_sg_block_read_u32(a + blk * L + base);",
                  "acc += clg_sg_block_read_u32(a + blk * L);");
}
TEST(PlantedFault, DeviceToHostDataCorrupted) {
    expect_caught("xfer.d2h.pinned", "p[i] = clg_mem_word(seed, i, k);",
                  "p[i] = clg_mem_word(seed, i, k) ^ (uint)(i == 4321u);");
}

TEST(PlantedFault, HostBufferReadDataCorrupted) {
    expect_caught("xfer.hostbuf.read.blocking", "p[i] = clg_mem_word(seed, i, k);",
                  "p[i] = clg_mem_word(seed, i, k) ^ (uint)(i == 4321u);");
}

TEST(PlantedFault, MappedReadDataCorrupted) {
    expect_caught("xfer.map.read", "p[i] = clg_mem_word(seed, i, k);",
                  "p[i] = clg_mem_word(seed, i, k) ^ (uint)(i == 4321u);");
}

TEST(PlantedFault, StagedReceiveDataCorrupted) {
    expect_caught("xfer.d2h.pageable.staged", "p[i] = clg_mem_word(seed, i, k);",
                  "p[i] = clg_mem_word(seed, i, k) ^ (uint)(i == 4321u);");
}
TEST(PlantedFault, ALaunchLeavesNoTrace) {
    expect_caught("launch.latency", "if (get_global_id(0) == 0) out[slot]",
                  "if (get_global_id(0) == 0 && slot != 5u) out[slot]");
}

} // namespace
} // namespace clgauge::test
