// label selftest: on a CPU device the chain kernels unroll at most kCpuChainSteps steps
// (harness/chain.hpp) and still verify; an entry whose CPU model follows the unroll keeps its
// own, and the planted fault (the same entry capped) fails its verification.
#include "device_fixture.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"

#include <any>
#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

Measurement run_chain(const Benchmark& b) {
    return run_benchmark(device_session(), b, run_options_from_env(Mode::Conformance));
}

TEST(CpuUnroll, CappedChainsVerify) {
    if (!device_session().facts().is_cpu()) GTEST_SKIP() << "not a CPU device";
    for (const char* id : {"fp32.fma", "int32.mad", "dp4a.s8", "mod.proth"}) {
        const Benchmark* b = find_benchmark(id);
        ASSERT_NE(b, nullptr) << id;
        const Measurement m = run_chain(*b);
        EXPECT_EQ(m.status, Status::Ok) << id << ": " << m.reason;
        EXPECT_GT(m.verification.checked, 0u) << id << ": nothing was checked";
        if (std::string(id) != "mod.proth") {
            EXPECT_NE(
                m.code.build_options.find("-DCLG_STEPS=" + std::to_string(kCpuChainSteps) + " "),
                std::string::npos)
                << id << " built with " << m.code.build_options;
        }
    }
}

// Planted fault: mod.proth capped like the others reads other input words than its model
// from its second repeat on.
TEST(CpuUnroll, AReferenceFollowingTheUnrollFailsWhenCapped) {
    if (!device_session().facts().is_cpu()) GTEST_SKIP() << "not a CPU device";
    const Benchmark* b = find_benchmark("mod.proth");
    ASSERT_NE(b, nullptr);
    ChainSpec capped = std::any_cast<const ChainSpec&>(b->spec);
    ASSERT_GT(capped.steps, kCpuChainSteps);
    capped.reference_follows_unroll = false;
    const Benchmark planted = chain_benchmark(capped);
    // Several repeats: the first reads the same words either way, the others do not.
    RunOptions opts = run_options_from_env(Mode::Perf);
    opts.launch.repeats = 4;
    opts.launch.global_size = 1024;
    const Measurement m = run_benchmark(device_session(), planted, opts);
    EXPECT_EQ(m.status, Status::VerifyFailed) << "a capped mod.proth verified: " << m.reason;
}

} // namespace
} // namespace clgauge::test
