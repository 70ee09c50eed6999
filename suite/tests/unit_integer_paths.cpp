// label unit: which dp4a path a device gets, best first (khr, ptx, amd, emulated), and that the
// integer families' entries are registered with their counted operations.
#include "registry/registry.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

std::string chosen(const std::string& id, const Capabilities& caps) {
    const Benchmark* b = find_benchmark(id);
    EXPECT_NE(b, nullptr) << id;
    if (!b) return "";
    const PathChoice c = choose_path(*b, caps);
    return c.path ? c.path->name : "unsupported: " + c.unsupported_reason;
}

TEST(IntegerPaths, Dp4aPathOrder) {
    Capabilities plain; // PoCL 3.1: no dot product, no PTX
    for (const char* id : {"dp4a.s8", "dp4a.u8", "dp4a.su8"})
        EXPECT_EQ(chosen(id, plain), "emulated") << id;

    Capabilities nvidia;
    nvidia.inline_ptx = true;
    nvidia.nv_cc = 90;
    nvidia.opencl_c_major = 3;
    EXPECT_EQ(chosen("dp4a.s8", nvidia), "ptx");
    nvidia.nv_cc = 52; // Maxwell: PTX works, dp4a does not exist
    EXPECT_EQ(chosen("dp4a.s8", nvidia), "emulated");

    // An AMD GPU with dot4: s8 and u8 take it, su8 (no mixed-sign dot4) stays emulated.
    Capabilities amd;
    amd.amd_dot4 = true;
    EXPECT_EQ(chosen("dp4a.s8", amd), "amd");
    EXPECT_EQ(chosen("dp4a.u8", amd), "amd");
    EXPECT_EQ(chosen("dp4a.su8", amd), "emulated");
    EXPECT_NE(chosen("dp4a.s8", plain), "amd");

    Capabilities khr;
    khr.int_dot_4x8 = true;
    khr.opencl_c_major = 3;
    EXPECT_EQ(chosen("dp4a.su8", khr), "khr");
    khr.opencl_c_major = 2; // the khr path is built with -cl-std=CL3.0
    EXPECT_EQ(chosen("dp4a.su8", khr), "emulated");

    const Benchmark* b = find_benchmark("dp4a.s8");
    ASSERT_NE(b, nullptr);
    EXPECT_TRUE(choose_path(*b, plain, std::string("ptx")).path == nullptr);
    EXPECT_NE(choose_path(*b, plain, std::string("ptx")).unsupported_reason.find("PTX"),
              std::string::npos);
}

TEST(IntegerPaths, EntriesAreRegistered) {
    for (const char* id : {"dp4a.s8", "dp4a.u8", "dp4a.su8", "sum.sha256", "sum.sbox", "mod.proth",
                           "tnn.popcount"}) {
        const Benchmark* b = find_benchmark(id);
        ASSERT_NE(b, nullptr) << id;
        EXPECT_EQ(b->unit, Unit::OpPerSecond) << id;
        EXPECT_FALSE(b->paths.empty()) << id;
    }
}

} // namespace
} // namespace clgauge
