// label conformance: every registry entry, on every path, against its CPU reference.
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

class Conformance : public ::testing::TestWithParam<EntryPath> {};

TEST_P(Conformance, MatchesCpuReference) {
    const EntryPath& ep = GetParam();
    const Benchmark* b = find_benchmark(ep.id);
    ASSERT_NE(b, nullptr);
    Session& s = device_session();
    const PathChoice choice = choose_path(*b, s.caps, ep.path);
    if (!choice.path)
        GTEST_SKIP() << ep.id << " [" << ep.path << "]: " << choice.unsupported_reason;
    const Measurement m = run_benchmark(s, *b, run_options_from_env(Mode::Conformance), ep.path);
    // A harness may find the device short of what the entry needs only when it builds the
    // kernel (a work-group size the kernel cannot have).
    if (m.status == Status::Unsupported)
        GTEST_SKIP() << ep.id << " [" << ep.path << "]: " << m.reason;
    ASSERT_EQ(m.status, Status::Ok) << status_name(m.status) << ": " << m.reason << "\n"
                                    << m.build_log;
    EXPECT_TRUE(m.verification.passed());
    EXPECT_GT(m.verification.checked, 0u);
    std::cout << ep.id << " [" << m.path << "] on " << s.facts().name << ": "
              << m.verification.checked << " values checked\n";
}

INSTANTIATE_TEST_SUITE_P(Registry, Conformance, ::testing::ValuesIn(all_entry_paths()),
                         [](const auto& param_info) { return test_name(param_info.param); });

} // namespace
} // namespace clgauge::test
