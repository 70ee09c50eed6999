// label unit: the mma entries and how their paths are chosen from the capabilities.
#include "registry/registry.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

const char* kIds[] = {"mma.h",     "mma.bf",    "mma.tf",   "mma.f8", "mma.b8",
                      "mma.f4",    "mma.i8",    "mma.i4",   "mma.i2", "mma.sp.h",
                      "mma.sp.bf", "mma.sp.tf", "mma.sp.i8"};

TEST(MmaRegistry, EveryEntryHasTensorCoreAndEmulatedPaths) {
    for (const char* id : kIds) {
        const Benchmark* b = find_benchmark(id);
        ASSERT_NE(b, nullptr) << id;
        EXPECT_EQ(b->family, "mma");
        EXPECT_EQ(b->paths.front().name.rfind("ptx", 0), 0u) << id;
        EXPECT_EQ(b->paths.back().name, "emulated") << id;
        EXPECT_TRUE(b->paths.back().needs.empty()) << id;
        // The emulation runs wherever nothing better does.
        const PathChoice none = choose_path(*b, Capabilities{});
        ASSERT_NE(none.path, nullptr) << id;
        EXPECT_EQ(none.path->name, "emulated");
    }
}

TEST(MmaRegistry, PathChoiceFollowsTheDevice) {
    Capabilities hopper;
    hopper.inline_ptx = true;
    hopper.nv_cc = 90;
    EXPECT_EQ(choose_path(*find_benchmark("mma.h"), hopper).path->name, "ptx");
    EXPECT_EQ(choose_path(*find_benchmark("mma.sp.i8"), hopper).path->name, "ptx");
    // sm_90 has no fp8 mma.sync: ptxas decodes it to f16, and the path says so.
    EXPECT_EQ(choose_path(*find_benchmark("mma.f8"), hopper).path->name, "ptx-f16");
    EXPECT_EQ(choose_path(*find_benchmark("mma.b8"), hopper).path->name, "ptx-f16");
    EXPECT_EQ(choose_path(*find_benchmark("mma.f4"), hopper).path->name, "ptx-f16");
    Capabilities ada = hopper;
    ada.nv_cc = 89;
    EXPECT_EQ(choose_path(*find_benchmark("mma.f8"), ada).path->name, "ptx");
    Capabilities ampere = hopper;
    ampere.nv_cc = 80; // no fp8 mma.sync before sm_89: the warp emulation
    EXPECT_EQ(choose_path(*find_benchmark("mma.f8"), ampere).path->name, "emulated-ptx");
    Capabilities pvc;
    pvc.intel_subgroups = true;
    pvc.intel_dpas = true;
    EXPECT_EQ(choose_path(*find_benchmark("mma.i8"), pvc).path->name, "dpas");
    EXPECT_EQ(choose_path(*find_benchmark("mma.tf"), pvc).path->name, "emulated");
    EXPECT_TRUE(unmet(Need::IntelDpas, Capabilities{}).has_value());
    EXPECT_FALSE(unmet(Need::IntelDpas, pvc).has_value());
}

} // namespace
} // namespace clgauge
