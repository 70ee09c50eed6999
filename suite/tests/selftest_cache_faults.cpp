// label selftest: planted faults in kernels/cache.cl must fail conformance (each shows on
// any device: they change what is summed, not how fast).
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

// A step reads one row fewer: the load a too-clever compiler might drop.
TEST(PlantedFault, CacheReadSkipsALoad) {
    expect_planted_fault_caught("cache.l1.read", "for (uint u = 0; u < CLG_UNROLL; ++u)",
                                "for (uint u = 1; u < CLG_UNROLL; ++u)");
}
// The walk never moves on: every step re-reads the first chunk (the loads hoisted out of
// the loop, in effect). On an L2-sized window the sums change.
TEST(PlantedFault, CacheReadWalkStaysOnItsFirstChunk) {
    expect_planted_fault_caught("cache.l2.read", "cur += jump;", "cur += 0u;");
}
// A wrong checksum: the sums start from the local id, not the global one.
TEST(PlantedFault, CacheReadSumStartsWrong) {
    expect_planted_fault_caught("cache.l1.read", "(float4)((float)(get_global_id(0) & 0xffffu))",
                                "(float4)((float)(get_local_id(0) & 0xffffu))");
}
// A lane of the float4 dropped from the sum.
TEST(PlantedFault, CacheReadLaneDropped) {
    expect_planted_fault_caught("cache.l2.read", "acc += chunk[u * CLG_ROW];",
                                "acc += chunk[u * CLG_ROW] * (float4)(1.0f, 1.0f, 1.0f, 0.0f);");
}
// The groups all start at the same place (the phase lost).
TEST(PlantedFault, CacheReadGroupsStartTogether) {
    expect_planted_fault_caught("cache.l2.read", "(ulong)get_group_id(0) * phase",
                                "(ulong)0 * phase");
}
// The fill writes a wrong lane: the data the CPU recomputes differs.
TEST(PlantedFault, CacheFillWrongLane) {
    expect_planted_fault_caught("cache.l1.read", "clg_cache_lane(seed, e, 3u)",
                                "clg_cache_lane(seed, e, 2u)");
}

} // namespace
} // namespace clgauge::test
