// label unit: a run identifies its programs' compiled code (the driver's binaries, which a CPU
// driver may compile every kernel once more to give) only where something it writes or judges
// carries it (conduct/request.hpp reports_code); which requests measure beside build workers
// (measures_beside_builds); and a chain or group kernel's unroll on a CPU device
// (harness/chain.hpp chain_unrolled_steps, harness/group.hpp group_unrolled_steps).
#include "cli/options.hpp"
#include "harness/chain.hpp"
#include "harness/group.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

#include <any>

namespace clgauge {
namespace {

bool reports_code_for(const std::vector<std::string>& args) {
    return reports_code(request_for(parse_cli(args)));
}

TEST(ReportsCode, OnlyWhatIsWrittenOrJudgedAsksForTheCode) {
    EXPECT_FALSE(reports_code_for({})) << "the console table shows no fingerprint";
    EXPECT_FALSE(reports_code_for({"--csv", "t.csv"})) << "the CSV has no fingerprint";
    EXPECT_FALSE(reports_code_for({"--build-only"}));
    EXPECT_TRUE(reports_code_for({"--json", "t.json"})) << "the JSON report has each code";
    EXPECT_TRUE(reports_code_for({"--check"})) << "a check compares fingerprints";
    EXPECT_TRUE(reports_code_for({"--record"})) << "a recording keeps the code";
    EXPECT_TRUE(reports_code_for({"--audit"})) << "the audit reads the binaries";
    EXPECT_TRUE(reports_code_for({"--sweep", "fma", "--json", "s.json"}));
}

bool beside_builds_for(const std::vector<std::string>& args) {
    return measures_beside_builds(request_for(parse_cli(args)));
}

// The modes that start build workers and measure beside them; the audit left out of them
// compiles a cold driver cache one program at a time (baselines/nvidia/NOTES.md).
TEST(MeasuresBesideBuilds, TheTableTheCheckAndTheAuditRunBesideTheWorkers) {
    EXPECT_TRUE(beside_builds_for({}));
    EXPECT_TRUE(beside_builds_for({"check"}));
    EXPECT_TRUE(beside_builds_for({"audit"}));
    EXPECT_TRUE(beside_builds_for({"--audit"})) << "the flag spelling is the same request";
    EXPECT_FALSE(beside_builds_for({"record"})) << "a recording's rounds build in the run";
    EXPECT_FALSE(beside_builds_for({"sweep", "fma"}));
    EXPECT_FALSE(beside_builds_for({"build"})) << "build-only waits for its workers";
}

const ChainSpec& chain_spec(const std::string& id) {
    const auto selection = select_benchmarks(id);
    if (selection.size() != 1) throw std::runtime_error(id + " is not one benchmark");
    return std::any_cast<const ChainSpec&>(selection.front()->spec);
}

TEST(ChainUnroll, ACpuDeviceUnrollsAtMostTheCpuSteps) {
    const ChainSpec& fma = chain_spec("fp32.fma");
    ASSERT_GT(fma.steps, kCpuChainSteps) << "the test needs a chain deeper than the CPU's";
    const RunOptions opts;
    EXPECT_EQ(chain_unrolled_steps(fma, opts, /*cpu_device=*/false), fma.steps);
    EXPECT_EQ(chain_unrolled_steps(fma, opts, /*cpu_device=*/true), kCpuChainSteps);
    EXPECT_NE(chain_build_options(fma, fma.entry.paths.front(), opts, true)
                  .find("-DCLG_STEPS=" + std::to_string(kCpuChainSteps) + " "),
              std::string::npos);
    RunOptions tuned;
    tuned.launch.mem_tune.unroll = 7;
    EXPECT_EQ(chain_unrolled_steps(fma, tuned, true), 7u) << "a probe's unroll is its own";
}

// mod.proth's CPU model reads its input by repeats of the kernel's unroll: capped, the kernel
// would read other words than the model (selftest ChainUnroll.ModProthCappedFailsOnCpu).
TEST(ChainUnroll, AReferenceThatFollowsTheUnrollKeepsIt) {
    const ChainSpec& mod = chain_spec("mod.proth");
    ASSERT_TRUE(mod.reference_follows_unroll);
    EXPECT_EQ(chain_unrolled_steps(mod, RunOptions{}, /*cpu_device=*/true), mod.steps);
}

// A barrier step is a loop over the work-group's items on a CPU device; the GPU keeps the
// spec's unroll, which the baselines were recorded with.
TEST(GroupUnroll, ACpuDeviceUnrollsAtMostTheCpuSteps) {
    const auto selection = select_benchmarks("barrier.local.256");
    ASSERT_EQ(selection.size(), 1u);
    const GroupSpec& barrier = std::any_cast<const GroupSpec&>(selection.front()->spec);
    ASSERT_GT(barrier.steps, kCpuGroupSteps) << "the test needs a group deeper than the CPU's";
    EXPECT_EQ(group_unrolled_steps(barrier, /*cpu_device=*/false), barrier.steps);
    EXPECT_EQ(group_unrolled_steps(barrier, /*cpu_device=*/true), kCpuGroupSteps);
    const ImplPath& path = barrier.entry.paths.front();
    EXPECT_NE(group_build_options(barrier, path, "", 256, true)
                  .find("-DCLG_STEPS=" + std::to_string(kCpuGroupSteps) + " "),
              std::string::npos);
    EXPECT_NE(group_build_options(barrier, path, "", 256, false)
                  .find("-DCLG_STEPS=" + std::to_string(barrier.steps) + " "),
              std::string::npos);
}

} // namespace
} // namespace clgauge
