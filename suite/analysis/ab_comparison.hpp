// A/B without a baseline: two clgauge --json reports of one machine (two drivers, two
// builds), compared metric by metric. The model is Google Benchmark's tools/compare.py: the
// medians, the change, and a Mann-Whitney U test on the raw samples that says whether the
// change is more than noise. Not to be confused with baseline/verdict.hpp, the verdict of one
// run against a device's recorded baseline.
#pragma once
#include "analysis/report_file.hpp"
#include "baseline/code_check.hpp"

#include <string>
#include <vector>

namespace clgauge::analysis {

struct CompareSettings {
    double alpha = 0.05;      // p-value below which a change is significant (compare.py's)
    double min_effect = 0.02; // a significant change smaller than this is not reported
};

// Fewer samples than this and compare.py warns that the U test is unreliable.
constexpr size_t kOptimalSamples = 9;

enum class AbVerdict {
    Same,        // no significant change beyond the minimum effect
    Slower,      // B worse (lower rate, higher latency): significant and beyond the minimum
    Faster,      // B better, the same way
    NoVerdict,   // both ok, but no samples or too few to be significant: medians only
    Lost,        // ok in A, unsupported in B
    Gained,      // unsupported in A, ok in B
    FailedInB,   // B computed a wrong result, failed to build, crashed or hung
    FailedInA,   // only A failed; B is ok or unsupported
    Unsupported, // unsupported in both
    OnlyInA,     // not in B's report
    OnlyInB,     // not in A's report
};
const char* ab_verdict_name(AbVerdict v);

struct MetricComparison {
    std::string id;
    Unit unit = Unit::FlopPerSecond;
    const ReportMetric* a = nullptr; // null when only in the other report
    const ReportMetric* b = nullptr;
    double change = 0;   // (B - A) / A of the figures, when both are ok
    double p_worse = 1;  // one-sided Mann-Whitney U p-value that B is worse than A
    double p_better = 1; // ... that B is better
    size_t samples_a = 0, samples_b = 0;
    AbVerdict verdict = AbVerdict::Same;
    std::string note; // why, in words
    // Both in the reports: whether B ran A's code (a fingerprint per metric), and a kernel that
    // spills in B where it spilled nothing in A (counts as a regression of B).
    CodeMatch code = CodeMatch::Unknown;
    std::string code_text;
    long new_spill_bytes = 0;
};

struct DeviceComparison {
    std::string name;
    const ReportDevice* a = nullptr;
    const ReportDevice* b = nullptr;
    std::vector<MetricComparison> metrics; // in A's order, then those only in B
};

struct Comparison {
    std::vector<DeviceComparison> devices;
    std::vector<std::string> notes; // devices found in one report only
};

// Devices are matched by name (the k-th of a name in A with the k-th in B), metrics by id.
// Throws ReportFileError, naming the file and the field, when the two cannot be compared: no
// device in common, devices run in different modes, a metric measured in different units,
// or no metric in common.
Comparison compare_reports(const ReportFile& a, const ReportFile& b, const CompareSettings& s);

// One metric of two reports (either may be null, not both).
MetricComparison compare_metric_ab(const ReportMetric* a, const ReportMetric* b,
                                   const CompareSettings& s);

// The exit status of clgauge --compare: 1 when B failed a benchmark, else 3 when B regressed
// (slower, a capability lost, or a kernel that now spills), else 0.
int comparison_exit_code(const Comparison& c);

} // namespace clgauge::analysis
