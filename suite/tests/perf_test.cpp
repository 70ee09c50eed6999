// label perf: every registry entry timed on the device; a wrong result voids the rate.
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "registry/run_all.hpp"
#include "registry/runner.hpp"
#include "report/format.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

class Perf : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> all_ids() {
    std::vector<std::string> v;
    for (const auto& b : registry())
        v.push_back(b.id);
    return v;
}

TEST_P(Perf, MeetsBaseline) {
    const Benchmark* b = find_benchmark(GetParam());
    ASSERT_NE(b, nullptr);
    Session& s = device_session();
    const Measurement m = run_benchmark(s, *b, run_options_from_env(Mode::Perf));
    if (m.status == Status::Unsupported) GTEST_SKIP() << b->id << ": " << m.reason;
    ASSERT_EQ(m.status, Status::Ok) << status_name(m.status) << ": " << m.reason;
    ASSERT_GT(m.rate(), 0.0);
    std::cout << b->id << " [" << m.path << "]: " << format_rate(m.rate(), b->unit) << "\n";
    GTEST_SKIP() << "measured " << format_rate(m.rate(), b->unit)
                 << "; no baseline comparison yet for " << s.facts().name;
}

INSTANTIATE_TEST_SUITE_P(Registry, Perf, ::testing::ValuesIn(all_ids()),
                         [](const auto& param_info) {
                             std::string n = param_info.param;
                             for (char& c : n)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

} // namespace
} // namespace clgauge::test
