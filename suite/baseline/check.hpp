// Running benchmarks against a device's baseline (clgauge --check, the perf CTest cases) and
// recording them into it (clgauge --record).
#pragma once
#include "baseline/known_failures.hpp"
#include "baseline/record.hpp"
#include "baseline/verdict.hpp"

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace clgauge {

// How often a metric that looks slower is measured again before it counts: a real regression
// is slower every time, a neighbour's burst of load is not.
constexpr unsigned kCheckAttempts = 3;

// Measures `b` (with the time budget its entry was recorded with) and compares it with its
// entry in `baseline`; a regression is re-measured up to `attempts` times in all and the best
// measurement decides.
MetricCheck check_benchmark(Session& session, const Benchmark& b, const BaselineFile& baseline,
                            const RunOptions& options, unsigned attempts = kCheckAttempts);

// check_benchmark judged against the device's known-failure list (known_failures.hpp): a
// listed failure becomes Verdict::ExpectedFailure, a listed one that passed Verdict::Fixed
// (unless `allow_fixed`), a listed flake that failed is measured again.
MetricCheck check_benchmark_known(Session& session, const Benchmark& b,
                                  const BaselineFile& baseline, const RunOptions& options,
                                  const std::vector<KnownFailure>& known, bool allow_fixed);

// Which budget a check of `selection` measures with, and where it comes from: "budget: 100 ms
// a metric, as the baseline recorded it (budget_ms), not this run's 50 ms (--budget-ms or
// CLGAUGE_BUDGET_MS)"; metrics the baseline lacks or recorded without a budget take the run's.
std::string check_budget_line(const BaselineFile& baseline,
                              const std::vector<const Benchmark*>& selection,
                              const RunOptions& options);

// "fp32.fma: baseline 1.2 TFLOPs/s, measured 1.1 TFLOPs/s, -8.3% (tolerance 5.0%): REGRESSION ..."
std::string check_line(const MetricCheck& c);
// CTest's measurement tags for a dashboard (CDash draws each numeric one's history): the
// measured and baseline gate statistic in the metric's unit, and the code fingerprint. ctest
// reads them from a test's output into Test.xml's NamedMeasurement elements.
std::string dart_measurements(const MetricCheck& c);
// "baseline driver X, running Y" or "same driver X".
std::string driver_line(const BaselineFile& f, const DeviceFacts& facts);

struct CheckSummary {
    size_t ok = 0, stale = 0, regressions = 0, lost = 0, failed = 0, bad = 0, skipped = 0;
    size_t expected = 0, fixed = 0; // known failures: as listed, and listed but passing
    size_t spills = 0;              // kernels that spill where the baseline's did not
};
CheckSummary summarize_checks(const std::vector<MetricCheck>& checks);
// The metrics whose tolerance cannot fail a kSensitivityTarget slowdown (baseline/gate.hpp),
// and the line --check prints of them: "Sensitivity: N of M metrics held to the baseline
// cannot catch a 10.0% slowdown: a, b, c".
std::vector<std::string> blind_metrics(const std::vector<MetricCheck>& checks);
std::string sensitivity_line(const std::vector<MetricCheck>& checks);
void print_checks(std::ostream& os, const std::string& file, const BaselineFile& f,
                  const DeviceFacts& facts, const std::vector<MetricCheck>& checks);

} // namespace clgauge
