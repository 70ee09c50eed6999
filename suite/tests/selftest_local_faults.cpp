// label selftest: planted faults in kernels/local.cl must fail conformance.
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

// A wrong local index: every walk starts one element late.
TEST(PlantedFault, LocalReadWalksFromAWrongIndex) {
    expect_planted_fault_caught("local.read.f32", "walk = ring + start;",
                                "walk = ring + start + 1;");
}
// The ring's tail is filled without wrapping, so walks past element N read other values.
TEST(PlantedFault, LocalReadRingTailNotWrapped) {
    expect_planted_fault_caught("local.read.f32x4",
                                "ring[i] = CLG_ELEM(seed, i & (CLG_LOCAL_N - 1));",
                                "ring[i] = CLG_ELEM(seed, i);");
}
// A lane of the vector read dropped from the sum.
TEST(PlantedFault, LocalReadLaneDropped) {
    expect_planted_fault_caught("local.read.f32x2", "acc += CLG_AS_BITS(walk[s]);",
                                "acc += CLG_AS_BITS(walk[s]) * (clg_bits)(1, 0);");
}

} // namespace
} // namespace clgauge::test
