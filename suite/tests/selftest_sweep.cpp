// label selftest: the fma-strided sweep's kernel is checked item by item: active items ran
// the chain, inactive ones stored their inputs; a kernel that runs the wrong items fails.
#include "device_fixture.hpp"
#include "run/runner.hpp"
#include "sweep/sweep_defs.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

Measurement run_strided(uint32_t stride, const std::string& from, const std::string& to,
                        bool& planted) {
    return run_with_planted_fault(sweep::fma_strided_benchmark(stride), from, to, planted);
}

TEST(FmaStridedKernel, ActiveAndInactiveItemsVerify) {
    for (uint32_t stride : {1u, 4u, 32u}) {
        bool planted = false;
        const Measurement m = run_strided(stride, "", "", planted);
        EXPECT_EQ(m.status, Status::Ok) << "stride " << stride << ": " << m.reason;
        EXPECT_EQ(m.verification.checked, 2 * m.global_size)
            << "every item's two words are checked";
    }
}

TEST(PlantedFault, FmaStridedWrongLanesActive) {
    bool planted = false;
    const Measurement m =
        run_strided(4, "gid % CLG_LANE_STRIDE == 0u", "gid % CLG_LANE_STRIDE <= 1u", planted);
    ASSERT_TRUE(planted) << "the lane test is not in fp32_fma_strided any more: update this test";
    EXPECT_EQ(m.status, Status::VerifyFailed) << m.reason;
}

TEST(PlantedFault, FmaStridedInactiveLanesSkipTheStore) {
    bool planted = false;
    const Measurement m = run_strided(
        4, "out[gid] = (uint2)(as_uint(x), as_uint(y));\n}\n#endif",
        "if (gid % CLG_LANE_STRIDE == 0u) out[gid] = (uint2)(as_uint(x), as_uint(y));\n}\n#endif",
        planted);
    ASSERT_TRUE(planted) << "the store is not in fp32_fma_strided any more: update this test";
    EXPECT_EQ(m.status, Status::VerifyFailed) << m.reason;
}

} // namespace
} // namespace clgauge::test
