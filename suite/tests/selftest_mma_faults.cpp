// label selftest: planted faults in the MMA kernels must fail conformance. Each fault is
// planted on one path; paths the device lacks (ptx on a CPU) are skips with the reason.
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

void expect_caught(const std::string& id, const std::string& path, const std::string& from,
                   const std::string& to) {
    expect_planted_fault_caught(id, from, to, path);
}

// B read as its transpose: the kernel fetches element (n, k) where (k, n) belongs.
const char* kB = "CLG_B_ELEM(seed, tile, k, n)";
const char* kBt = "CLG_B_ELEM(seed, tile, n, k)";
// Every MMA starts from a zero accumulator instead of C.
const char* kAcc = "CLG_MMA_ACC(acc[t], acc[t],";
const char* kNoAcc = "CLG_MMA_ACC(acc[t], clg_acc_zero(),";

TEST(MmaPlantedFault, EmulatedTransposedB) {
    expect_caught("mma.h", "emulated", kB, kBt);
    expect_caught("mma.i8", "emulated", kB, kBt);
}
TEST(MmaPlantedFault, EmulatedAccumulatorDropped) {
    expect_caught("mma.bf", "emulated", kAcc, kNoAcc);
    expect_caught("mma.i4", "emulated", kAcc, kNoAcc);
}
TEST(MmaPlantedFault, EmulatedI8SignednessSwapped) {
    expect_caught("mma.i8", "emulated", "(int)(char)", "(int)(uchar)");
}
TEST(MmaPlantedFault, EmulatedWrongBroadcastLane) {
    expect_caught("mma.f8", "emulated", "clg_sg_broadcast_u32((B).w[w_], n_)",
                  "clg_sg_broadcast_u32((B).w[w_], (n_ + 1u) % CLG_EMU_N)");
}
TEST(MmaPlantedFault, EmulatedTernaryPlanesSwapped) {
    expect_caught("mma.i2", "emulated", "popcount(ap & bp) + popcount(am & bm)",
                  "popcount(ap & bm) + popcount(am & bm)");
}
TEST(MmaPlantedFault, EmulatedTf32NotTruncated) {
    expect_caught("mma.tf", "emulated", "as_float(b & 0xffffe000u)", "as_float(b)");
}
TEST(MmaPlantedFault, EmulatedMxScaleIgnored) {
    expect_caught("mma.f4", "emulated", "(clg_e8m0_to_f32((A).s[m]) * clg_e8m0_to_f32((B).s[n]))",
                  "1.0f");
}

// The same faults on the tensor-core paths (checked on an NVIDIA GPU).
TEST(MmaPlantedFault, PtxTransposedB) {
    expect_caught("mma.h", "ptx", kB, kBt);
    expect_caught("mma.i8", "ptx", kB, kBt);
}
TEST(MmaPlantedFault, PtxAccumulatorDropped) {
    expect_caught("mma.h", "ptx", kAcc, kNoAcc);
    expect_caught("mma.i8", "ptx", kAcc, kNoAcc);
    expect_caught("mma.f8", "ptx", kAcc, kNoAcc);
}
TEST(MmaPlantedFault, PtxI8SignednessSwapped) {
    expect_caught("mma.i8", "ptx", ".s32.s8.s8.s32", ".s32.u8.u8.s32");
}
TEST(MmaPlantedFault, PtxTernaryNegativeDropped) {
    expect_caught("mma.i2", "ptx", "(uint)(c.c[i] - c.c[4u + i])", "(uint)c.c[i]");
}

// And on Intel DPAS (checked on an Intel GPU with sub-groups of 16).
TEST(MmaPlantedFault, DpasTransposedB) {
    expect_caught("mma.i8", "dpas", kB, kBt);
    expect_caught("mma.h", "dpas", kB, kBt);
}
TEST(MmaPlantedFault, DpasAccumulatorDropped) {
    expect_caught("mma.i8", "dpas", kAcc, kNoAcc);
    expect_caught("mma.bf", "dpas", kAcc, kNoAcc);
}

} // namespace
} // namespace clgauge::test
