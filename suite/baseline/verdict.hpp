// The perf verdict: pure functions from a baseline metric and a measurement to a verdict.
#pragma once
#include "baseline/code_check.hpp"
#include "baseline/gate.hpp"
#include "baseline/schema.hpp"

#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// One-sided Mann-Whitney U p-value below which a slower median counts as confirmed.
constexpr double kConfirmP = 0.05;

// Latencies (seconds) are better when lower; rates when higher.
inline bool lower_is_better(Unit u) {
    return u == Unit::Seconds;
}

// The relative tolerance recorded for a metric: from the robust spread of the pooled samples
// (4 sigma, sigma = 1.4826 MAD) and from how far the medians of independent rounds drifted
// apart (twice their range), never below the floor nor above the cap.
double tolerance_from_spread(double median, double mad, const std::vector<double>& round_medians,
                             double floor = kToleranceFloor);

// One-sided Mann-Whitney U test (normal approximation, tie-corrected, continuity-corrected):
// the p-value that `a` is not stochastically smaller than `b`.
double mann_whitney_smaller_p(const std::vector<double>& a, const std::vector<double>& b);

// The metric's values from a measurement: the harness's figure (rate(), or a latency for
// unit s) and per-sample values scaled by each launch's device time against the median.
double metric_value(const Benchmark& b, const Measurement& m);
std::vector<double> metric_samples(const Benchmark& b, const Measurement& m);

// The value a metric is held against: its pooled gate statistic (gate.hpp).
double reference_value(const MetricBaseline& m);

enum class Verdict {
    Ok,              // within tolerance
    Stale,           // better than the baseline by more than the tolerance: passes
    Regression,      // worse by more than the tolerance (confirmed by the samples): fails
    Lost,            // ok in the baseline, now unsupported: fails
    Failed,          // wrong result, build failure, error or hang: fails
    NewCapability,   // unsupported in the baseline, now ok: passes, re-record
    Unsupported,     // unsupported now and in the baseline (or not in it): a skip
    NotRecorded,     // measured, but the baseline has no entry for it: a skip
    BadBaseline,     // the baseline entry contradicts the benchmark (unit): an error
    ExpectedFailure, // failed as the device's known-failure list says: passes
    Fixed,           // on the known-failure list, but passed: fails (exit 5) unless allowed
    Spill,           // a kernel that spilled nothing in the baseline spills now: fails
};
const char* verdict_name(Verdict v);
bool verdict_fails(Verdict v);

struct MetricCheck {
    std::string id;
    Unit unit = Unit::FlopPerSecond;
    Verdict verdict = Verdict::Ok;
    Status status = Status::Ok; // of the measurement
    double baseline = 0, measured = 0;
    // baseline and measured are the gate statistic (gate.hpp): medians, a latency's p10.
    double change = 0;    // (measured - baseline) / baseline
    double tolerance = 0; // the baseline's, for a latency widened by the absolute slack
    double catches = 0;   // the smallest slowdown that tolerance fails (gate.hpp: smallest_caught)
    double p_value = 1;   // Mann-Whitney U, when the medians were compared
    double proposed = 0;  // a new baseline median, when stale
    unsigned attempts = 1;
    std::string path; // the implementation path that ran (or would have)
    std::string note; // why, in words
    CodeMatch code = CodeMatch::Unknown;
    std::string code_text;   // "same code", "code changed (fingerprint A -> B)", ...; empty: n/a
    std::string fingerprint; // of the code measured (empty: unknown)
};

// `base` is null when the baseline has no entry for this id. `measured` is the harness's figure;
// where `samples` are given the gate statistic of them is compared instead. `slack_seconds`:
// the entry's gate_slack_s (a latency on the host clock), 0 for everything timed on the device.
MetricCheck compare_metric(const std::string& id, Unit unit, const MetricBaseline* base,
                           Status status, const std::string& reason, double measured,
                           const std::vector<double>& samples, double slack_seconds = 0);

// The code judgement (code_check.hpp) added to a verdict: its words, its notes, and SPILL in
// place of ok, stale or a regression (the regression's words kept in the note).
void apply_code(MetricCheck& c, const CodeJudgement& j);

} // namespace clgauge
