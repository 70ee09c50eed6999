// label unit: one serialiser each way between a run's settings and a build worker's command
// line. What process/worker_command writes, the program's parser (cli/options) reads back to
// the same selection and settings; the flags are the parser's own.
#include "cli/options.hpp"
#include "process/worker_command.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

// The request a worker's command line parses into, argv[0] left out.
RunRequest parsed(const std::vector<std::string>& command) {
    return request_for(parse_cli({command.begin() + 1, command.end()}));
}

TEST(WorkerCommand, TheParserReadsBackWhatTheSerialiserWrote) {
    RunOptions opts = run_options_from_env(Mode::Conformance);
    opts.forced_path = "emulated";
    opts.budget.seconds = 0.25;
    opts.seed = 0x1234abcdu;
    const auto selection = select_benchmarks("fp32.fma,int32.*");
    ASSERT_GE(selection.size(), 2u);
    const RunRequest r = parsed(build_worker_command(selection, opts));
    const auto* mode = std::get_if<BuildOnlyMode>(&r.mode);
    ASSERT_NE(mode, nullptr) << "a worker's command is not --build-only";
    EXPECT_TRUE(mode->worker) << "a worker's command is not --build-queue";
    EXPECT_EQ(select_benchmarks(r.only), selection);
    EXPECT_EQ(r.options.forced_path, opts.forced_path);
    EXPECT_EQ(r.options.mode, Mode::Conformance);
    EXPECT_EQ(r.options.budget.seconds, opts.budget.seconds);
    EXPECT_EQ(r.options.seed, opts.seed);
}

TEST(WorkerCommand, APerfRunWithoutAForcedPath) {
    const RunOptions opts = run_options_from_env(Mode::Perf);
    const RunRequest r = parsed(build_worker_command(select_benchmarks("fp32.fma"), opts));
    EXPECT_FALSE(r.options.forced_path.has_value());
    EXPECT_EQ(r.options.mode, Mode::Perf);
    EXPECT_EQ(r.options.budget.seconds, opts.budget.seconds);
}

// Planted fault: a command without the queue flag is a plain --build-only, not a worker.
TEST(WorkerCommand, WithoutTheQueueFlagItIsNoWorker) {
    auto command = build_worker_command(select_benchmarks("fp32.fma"), RunOptions{});
    std::erase(command, std::string(kBuildQueueFlag));
    const RunRequest r = parsed(command);
    const auto* mode = std::get_if<BuildOnlyMode>(&r.mode);
    ASSERT_NE(mode, nullptr);
    EXPECT_FALSE(mode->worker);
}

} // namespace
} // namespace clgauge
