// label perf: every registry entry timed on the device and held against the device's baseline
// (CLGAUGE_BASELINES, else the source tree's baselines/). A regression, a lost capability or
// a wrong result fails (unless the device's known-failure list has it); no baseline for the
// device skips with how to record one, or fails in a gating run (perf_judge.hpp). A case whose
// verdict this ctest run's perf.measure cases wrote (perf_verdicts.hpp, perf_run.hpp) reports
// it; one without measures itself.
#include "perf_judge.hpp"
#include "perf_run.hpp"
#include "perf_verdicts.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>
#include <iostream>

namespace clgauge::test {
namespace {

class Perf : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> all_ids() {
    std::vector<std::string> v;
    for (const auto& b : registry())
        v.push_back(b.id);
    return v;
}

const std::map<std::string, PerfVerdict>& verdicts_measured_ahead() {
    static const std::map<std::string, PerfVerdict> verdicts = [] {
        const std::string dir = perf_verdict_dir();
        return dir.empty() ? std::map<std::string, PerfVerdict>{}
                           : read_perf_verdicts(perf_run_dir(dir, this_perf_run()));
    }();
    return verdicts;
}

TEST_P(Perf, MeetsBaseline) {
    const Benchmark* b = find_benchmark(GetParam());
    ASSERT_NE(b, nullptr);
    PerfVerdict v;
    if (const auto it = verdicts_measured_ahead().find(b->id);
        it != verdicts_measured_ahead().end()) {
        v = it->second;
        std::cout << "(measured ahead by this ctest run's perf.measure, run " << this_perf_run().id
                  << ", one process per device)\n";
    } else {
        v = measure_and_judge(*b);
    }
    // The device in the case's own output, so a JUnit report or a dashboard shows where a
    // failure happened without the logs.
    std::cout << "perf device " << v.device << "\n" << v.message << "\n" << v.measurements;
    if (!v.device.empty())
        std::cout << "<DartMeasurement name=\"device\" type=\"text/string\">" << v.device
                  << "</DartMeasurement>\n";
    if (v.outcome == PerfOutcome::Fail) FAIL() << v.message;
    if (v.outcome == PerfOutcome::Skip) GTEST_SKIP() << v.message;
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
