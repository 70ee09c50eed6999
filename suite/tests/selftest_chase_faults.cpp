// label selftest: planted faults in kernels/chase.cl (latency.chase), kernels/local_chase.cl
// (local.latency) and in the local-banks sweep's kernel (kernels/local.cl with
// CLG_BANK_STRIDE) must fail conformance. All are caught on PoCL 3.1: the chases are one
// work-item, the banks kernel a per-item sum, so no fault here needs work-items that really
// run at once.
#include "device_fixture.hpp"
#include "planted_fault.hpp"
#include "run/runner.hpp"
#include "sweep/sweep_defs.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

const PlantedFault kFaults[] = {
    // A wrong chase step: the walk reads the line's second word instead of its first.
    {"ChaseReadsTheWrongWord", {"latency.chase"}, {}, "i = next[i];", "i = next[i + 1];"},
    // A skipped step: every launch walks one step fewer than it was asked to.
    {"ChaseSkipsAStep",
     {"latency.chase"},
     {},
     "for (uint s = 0; s < steps; ++s)",
     "for (uint s = 1; s < steps; ++s)"},
    // A step too many at the end of every launch.
    {"ChaseTakesAnExtraStep", {"latency.chase"}, {}, "state[0] = i;", "state[0] = next[i];"},
    // The walk does not continue where the last launch ended: each launch restarts at line 0.
    {"ChaseRestartsEveryLaunch", {"latency.chase"}, {}, "uint i = state[0];", "uint i = 0;"},
    // The same four in the local-memory walk (kernels/local_chase.cl).
    {"LocalChaseReadsTheWrongWord",
     {"local.latency"},
     {},
     "at = *(local const uint*)(base + at);",
     "at = *(local const uint*)(base + at + 4u);"},
    {"LocalChaseSkipsAStep",
     {"local.latency"},
     {},
     "for (uint s = 0; s < steps; ++s)",
     "for (uint s = 1; s < steps; ++s)"},
    {"LocalChaseTakesAnExtraStep",
     {"local.latency"},
     {},
     "state[0] = at / 4u;",
     "state[0] = *(local const uint*)(base + at) / 4u;"},
    {"LocalChaseRestartsEveryLaunch",
     {"local.latency"},
     {},
     "uint at = state[0] * 4u;",
     "uint at = 0u;"},
};
INSTANTIATE_PLANTED_FAULTS(Chase, kFaults);

Measurement run_banks(uint32_t stride, const std::string& from, const std::string& to,
                      bool& planted) {
    return run_with_planted_fault(sweep::local_banks_benchmark(stride), from, to, planted);
}

TEST(LocalBanksKernel, EveryStrideVerifies) {
    for (uint32_t stride : {1u, 2u, 17u, 32u}) {
        bool planted = false;
        const Measurement m = run_banks(stride, "", "", planted);
        EXPECT_EQ(m.status, Status::Ok) << "stride " << stride << ": " << m.reason;
        EXPECT_EQ(m.verification.checked, m.global_size) << "every item's sum is checked";
    }
}

void expect_banks_fault_caught(uint32_t stride, const std::string& from, const std::string& to) {
    bool planted = false;
    const Measurement m = run_banks(stride, from, to, planted);
    ASSERT_TRUE(planted) << "'" << from << "' is not in local_read any more: update this test";
    EXPECT_EQ(m.status, Status::VerifyFailed) << m.reason;
}

// A wrong local index: lanes 16 apart start at the same word.
TEST(PlantedFault, LocalBanksWrongLaneIndex) {
    expect_banks_fault_caught(4, "((gid & 31u) * CLG_BANK_STRIDE)",
                              "((gid & 15u) * CLG_BANK_STRIDE)");
}
// The stride ignored: every lane walks from word lane (the stride-1 pattern).
TEST(PlantedFault, LocalBanksStrideIgnored) {
    expect_banks_fault_caught(8, "((gid & 31u) * CLG_BANK_STRIDE)", "(gid & 31u)");
}

} // namespace
} // namespace clgauge::test
