// label selftest: planted faults in the sub-group kernels and in the layer's emulation must
// fail conformance. Faults at a call site run on the device's best path; faults inside the
// emulation force the emulated path (the text is in every build, but only compiled there).
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

void expect_caught(const std::string& id, const std::string& from, const std::string& to,
                   const std::optional<std::string>& path = std::nullopt) {
    expect_planted_fault_caught(id, from, to, path);
}

const std::string kEmu = "emulated";

// Broadcast from the neighbouring lane instead of the chosen one.
TEST(PlantedSubgroupFault, WrongBroadcastLane) {
    expect_caught("subgroup.broadcast", "b = clg_sg_broadcast_u32(x, lane);",
                  "b = clg_sg_broadcast_u32(x, (lane + 1u) % n);");
}
TEST(PlantedSubgroupFault, WrongBroadcastLaneF32) {
    expect_caught("subgroup.broadcast",
                  "clg_sg_broadcast_f32(as_float(y), clg_sg_pick(b * CLG_SG_M2, n))",
                  "clg_sg_broadcast_f32(as_float(y), 0u)");
}
// Lane 0's value left out of the sum.
TEST(PlantedSubgroupFault, ReduceMissingALane) {
    expect_caught("subgroup.reduce_add", "clg_sg_reduce_add_u32(u)",
                  "clg_sg_reduce_add_u32(clg_sg_lane() == 0u ? 0u : u)");
}
TEST(PlantedSubgroupFault, ReduceF32MissingALane) {
    expect_caught("subgroup.reduce_add", "sf = clg_sg_reduce_add_f32(f);",
                  "sf = clg_sg_reduce_add_f32(clg_sg_lane() == 1u ? 0.0f : f);");
}
// The emulation's sum loop skips lane 1 (u32, i32 and f32 alike).
TEST(PlantedSubgroupFault, EmulatedReduceMissingALane) {
    expect_caught("subgroup.reduce_add", "for (uint i = 1u; i < n; ++i)",
                  "for (uint i = 2u; i < n; ++i)", kEmu);
}
// A butterfly with the wrong mask.
TEST(PlantedSubgroupFault, WrongShuffleMask) {
    expect_caught("subgroup.shuffle_xor", "v = clg_sg_shuffle_xor_u32(x, m);",
                  "v = clg_sg_shuffle_xor_u32(x, m ^ 1u);");
}
TEST(PlantedSubgroupFault, EmulatedWrongShuffleMask) {
    expect_caught("subgroup.shuffle_xor", "clg_sg_lane() ^ (m))", "clg_sg_lane() ^ (m) ^ 1u)",
                  kEmu);
}
// The khr layer's shuffles, forced where the device also has intel sub-groups (Intel's CPU
// runtime): cl_khr_subgroup_shuffle with the wrong mask, and the broadcast selection that
// stands in for it (the khr-broadcast path) keeping the wrong lane.
TEST(PlantedSubgroupFault, KhrShuffleXorWrongMask) {
    expect_caught("subgroup.shuffle_xor", "return sub_group_shuffle_xor(x, m);",
                  "return sub_group_shuffle_xor(x, m ^ 1u);", std::string("khr"));
}
TEST(PlantedSubgroupFault, KhrBroadcastShuffleWrongLane) {
    for (const char* id : {"subgroup.shuffle", "subgroup.shuffle_xor"})
        expect_caught(id, "if (j == src) r = v;", "if (j == (src ^ 1u)) r = v;",
                      std::string("khr-broadcast"));
}
// A shuffle from the wrong source lane.
TEST(PlantedSubgroupFault, WrongShuffleSource) {
    expect_caught("subgroup.shuffle", "clg_sg_shuffle_u32(x, clg_sg_pick(x, n))",
                  "clg_sg_shuffle_u32(x, clg_sg_pick(x, n) / 2u)");
}
// Block read and write one word off.
TEST(PlantedSubgroupFault, BlockReadWrongOffset) {
    expect_caught("subgroup.block_read", "clg_sg_block_read_u32(in + region + o)",
                  "clg_sg_block_read_u32(in + region + o + 4u)");
}
TEST(PlantedSubgroupFault, EmulatedBlockReadWrongOffset) {
    expect_caught("subgroup.block_read", "return p[clg_sg_lane()];",
                  "return p[clg_sg_lane() + 1u];", kEmu);
}
TEST(PlantedSubgroupFault, BlockWriteWrongOffset) {
    expect_caught("subgroup.block_write", "clg_sg_block_write_u32(out + region + o, x)",
                  "clg_sg_block_write_u32(out + region + o + 4u, x)");
}
TEST(PlantedSubgroupFault, EmulatedBlockWriteWrongOffset) {
    expect_caught("subgroup.block_write", "p[clg_sg_lane()] = v;", "p[clg_sg_lane() + 1u] = v;",
                  kEmu);
}

} // namespace
} // namespace clgauge::test
