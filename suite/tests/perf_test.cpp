// label perf: every registry entry timed on the device and held against the device's baseline
// (CLGAUGE_BASELINES, else the source tree's baselines/). A regression, a lost capability or
// a wrong result fails (unless the device's known-failure list has it); no baseline for the
// device skips with how to record one.
#include "baseline/check.hpp"
#include "baseline/match.hpp"
#include "core/resource_spec.hpp"
#include "device_fixture.hpp"
#include "perf_verdicts.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"

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

struct BaselineState {
    std::string dir;
    std::optional<BaselineFile> file;
    std::string error; // an unusable baseline file: every case fails with it
};

const BaselineState& baseline_state(const DeviceFacts& facts) {
    static const BaselineState state = [&] {
        BaselineState s;
        s.dir = baselines_dir();
        try {
            s.file = find_baseline(s.dir, facts);
        } catch (const BaselineError& e) {
            s.error = e.what();
        }
        return s;
    }();
    return state;
}

// Measures one entry on the device and judges it against the baseline.
PerfVerdict measure_and_judge(const Benchmark* b) {
#ifdef CLGAUGE_NEEDS_ALLOCATION
    // Configured with CLGAUGE_RESOURCE_GROUPS, the perf cases give up RUN_SERIAL for a whole
    // device from CTest; run without a resource spec, ctest -j would time several at once.
    if (!device_from_resource_env())
        return {PerfOutcome::Fail,
                "configured with CLGAUGE_RESOURCE_GROUPS: run ctest with --resource-spec-file "
                "FILE (write it with clgauge --resource-spec FILE), or perf cases share a device"};
#endif
    Session& s = device_session();
    const BaselineState& base = baseline_state(s.facts());
    if (!base.error.empty()) return {PerfOutcome::Fail, base.error};
    if (!base.file) return {PerfOutcome::Skip, how_to_record(base.dir, s.facts())};

    // A metric the baseline lacks gates nothing: its kernel is still run and verified, at
    // conformance size, so a wrong result fails while a full timing is not spent on it.
    const bool recorded = base.file->metrics.count(b->id) > 0;
    const MetricCheck c = check_benchmark_known(
        s, *b, *base.file, run_options_from_env(recorded ? Mode::Perf : Mode::Conformance),
        std::nullopt, device_known_failures(), allow_fixed_from_env());
    const std::string verdict_text =
        !recorded && c.verdict == Verdict::NotRecorded
            ? b->id + ": not in the baseline (clgauge --record adds it); verified at "
                      "conformance size, not timed"
            : check_line(c);
    const std::string line = verdict_text + " [" + driver_line(*base.file, s.facts()) + "; " +
                             baseline_path(base.dir, s.facts()) + "]";
    // Timed against the baseline: the figures go to a CTest dashboard (ctest -T Test, CDash).
    const std::string measurements = recorded ? dart_measurements(c) : "";
    if (verdict_fails(c.verdict)) return {PerfOutcome::Fail, line, measurements};
    if (c.verdict == Verdict::Unsupported || c.verdict == Verdict::NotRecorded)
        return {PerfOutcome::Skip, line, measurements};
    return {PerfOutcome::Pass, line, measurements};
}

const std::map<std::string, PerfVerdict>& verdicts_measured_ahead() {
    static const std::map<std::string, PerfVerdict> verdicts = [] {
        const PerfVerdictFile f = perf_verdict_file();
        return f.path.empty() || f.writing ? std::map<std::string, PerfVerdict>{}
                                           : read_perf_verdicts(f.path);
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
        std::cout << "(measured ahead by ctest's perf.measure case, in one process)\n";
    } else {
        try {
            v = measure_and_judge(b);
        } catch (const std::exception& e) { // no usable device
            v = {PerfOutcome::Fail, e.what()};
        }
        if (const PerfVerdictFile f = perf_verdict_file(); f.writing) {
            // The perf.measure case: every outcome is written for the cases to report.
            write_perf_verdict(f.path, b->id, v);
            std::cout << v.message << "\n";
            return;
        }
    }
    std::cout << v.message << "\n" << v.measurements;
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
