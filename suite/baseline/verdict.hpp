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

// One machine's repeatability, the tolerance its recording gets: how far the gate statistic of
// one run of `per_round` samples strays, from the samples' robust spread (4 standard errors of
// a median, sigma = 1.4826 MAD) and from how far the independent rounds' statistics drifted
// apart (twice their range), never below `floor` nor above the cap.
double tolerance_from_spread(double median, double mad, const std::vector<double>& round_medians,
                             size_t per_round, double floor = kOwnToleranceFloor);

// One-sided Mann-Whitney U test (normal approximation, tie-corrected, continuity-corrected):
// the p-value that `a` is not stochastically smaller than `b`.
double mann_whitney_smaller_p(const std::vector<double>& a, const std::vector<double>& b);

// One-sided test of a low quantile (the sign test of a quantile): the p-value that `slower`
// holds no fewer values at or below `faster`'s q-quantile than a sample of `faster`'s
// distribution would, P(Binomial(n, q) <= k) for n values of which k lie there. It looks at
// the fast end alone, where a latency gates: two hosts' right tails, which differ, do not
// decide it as they decide a rank test of the whole distribution.
double quantile_slower_p(const std::vector<double>& slower, const std::vector<double>& faster,
                         double q);

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
    double tolerance = 0; // of what it was judged against (`against`)
    double catches = 0;   // the smallest slowdown that tolerance fails (gate.hpp: smallest_caught)
    double p_value = 1;   // the confirming test (Mann-Whitney U, or a latency's quantile test)
    double proposed = 0;  // a new baseline median, when stale
    unsigned attempts = 1;
    // "the pool of 4 machines", "its own recording (gpu-<uuid>)": the baseline it was held to
    std::string against;
    // Judged by the figure's ratio to a rate of the host's measured in the same run (a pageable
    // copy to the host's memcpy): what that rate is, and the ratio's change against the
    // baseline's; the verdict, tolerance, catches and p_value are then the ratio's.
    std::string ratio_to;
    double ratio_change = 0;
    std::string path; // the implementation path that ran (or would have)
    std::string note; // why, in words
    CodeMatch code = CodeMatch::Unknown;
    std::string code_text;   // "same code", "code changed (fingerprint A -> B)", ...; empty: n/a
    std::string fingerprint; // of the code measured (empty: unknown)
};

// `base` is null when the baseline has no entry for this id. `measured` is the harness's figure;
// where `samples` are given the gate statistic of them is compared instead. A regression is a
// gate statistic worse than the tolerance allows that the samples confirm: a one-sided
// Mann-Whitney test of the samples against the baseline's moved by the tolerance.
MetricCheck compare_metric(const std::string& id, Unit unit, const MetricBaseline* base,
                           Status status, const std::string& reason, double measured,
                           const std::vector<double>& samples);

// The baseline a host is held to on metric `id`: its own recording of `m`, where `machine` made
// one (its own repeatability as the tolerance), else the pool, with at least the pool's floor
// for `id` (pool_tolerance_floor). `against` says which.
MetricBaseline judged_baseline(const std::string& id, const MetricBaseline& m,
                               const std::string& machine, std::string& against);

// A recording's samples over the reference measured beside them: each round's over its own
// where the recording kept them (Recording::reference_rounds), else all over `reference`.
std::vector<double> samples_over_reference(const Recording& r);

// `m` as ratios to each recording's reference (samples_over_reference), with the ratios' own
// tolerance where kept, pooled as any metric is (value, tolerance, samples); nullopt where a
// recording has none.
std::optional<MetricBaseline> ratio_baseline(const MetricBaseline& m);

// `plain` (the figure against `base`) judged instead by the figure's ratio to `reference`, the
// host's rate measured in the same run (`what`), against `ratios` (ratio_baseline), where the
// ratios' tolerance is the tighter (else `plain` as it is): a slower host moves the figure and
// its reference alike and passes, a slower driver moves the figure alone and fails. The note
// says which moved.
MetricCheck judged_by_ratio(const MetricCheck& plain, const MetricBaseline& ratios,
                            double baseline_reference, double reference, const std::string& what,
                            const std::vector<double>& samples);

// The code judgement (code_check.hpp) added to a verdict: its words, its notes, and SPILL in
// place of ok, stale or a regression (the regression's words kept in the note).
void apply_code(MetricCheck& c, const CodeJudgement& j);

} // namespace clgauge
