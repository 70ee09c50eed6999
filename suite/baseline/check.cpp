#include "baseline/check.hpp"

#include "baseline/gate.hpp"
#include "baseline/known_judge.hpp"
#include "baseline/machine.hpp"
#include "baseline/match.hpp"
#include "report/format.hpp"
#include "run/runner.hpp"
#include "types/results.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>

namespace clgauge {

MetricCheck check_benchmark(Session& session, const Benchmark& b, const BaselineFile& baseline,
                            const RunOptions& options, unsigned attempts) {
    const auto it = baseline.metrics.find(b.id);
    const MetricBaseline* base = it == baseline.metrics.end() ? nullptr : &it->second;
    const RunOptions opts = baseline_run_options(options, base);
    // A host that recorded itself is held to its own recording, any other to the pool.
    std::string against;
    std::optional<MetricBaseline> judged, judged_ratios;
    double baseline_reference = 0;
    if (base && base->supported) {
        const std::string me = this_machine(session.facts()).id;
        if (auto ratios = ratio_baseline(*base)) {
            std::string same;
            judged_ratios = judged_baseline(b.id, *ratios, me, same);
        }
        judged = judged_baseline(b.id, *base, me, against);
        std::vector<double> references;
        for (const Recording& r : judged->recordings)
            references.push_back(r.reference);
        baseline_reference = quantile(references, 0.5);
    }
    if (judged) base = &*judged;
    MetricCheck best;
    for (unsigned a = 1; a <= std::max(attempts, 1u); ++a) {
        const Measurement m = run_benchmark(session, b, opts);
        MetricCheck c = compare_metric(b.id, b.unit, base, m.status, m.reason, metric_value(b, m),
                                       metric_samples(b, m));
        if (judged_ratios)
            c = judged_by_ratio(c, *judged_ratios, baseline_reference, m.reference_rate,
                                m.reference_what, metric_samples(b, m));
        c.against = against;
        c.path = m.path;
        c.fingerprint = m.code.fingerprint;
        if (base && base->supported && m.code.known()) apply_code(c, judge_code(base, m.code));
        if (base && base->supported && m.status == Status::Ok && !base->path.empty() &&
            m.path != base->path)
            c.note += (c.note.empty() ? "" : "; ") + std::string("ran path ") + m.path +
                      ", the baseline path " + base->path;
        if (m.status == Status::Ok && m.timings.clock == TimerSource::Host)
            c.note += (c.note.empty() ? "" : "; ") + std::string("timed with the host clock (") +
                      m.timings.clock_note + ")";
        // A wrong result in any attempt is reported; otherwise the best attempt decides.
        const bool better =
            a == 1 || c.verdict == Verdict::Failed ||
            (lower_is_better(b.unit) ? c.measured < best.measured : c.measured > best.measured);
        if (better) best = c;
        best.attempts = a;
        // A spill is the compiler's doing: measuring again cannot change it.
        if (best.verdict != Verdict::Regression) break;
    }
    if (best.verdict == Verdict::Regression && best.attempts > 1)
        best.note += "; slower in all " + std::to_string(best.attempts) + " measurements";
    else if (best.attempts > 1 && best.verdict != Verdict::Failed)
        best.note += (best.note.empty() ? "" : "; ") + std::string("measurement ") +
                     std::to_string(best.attempts) + " of " + std::to_string(attempts) +
                     " after slower ones (noise, not a repeatable regression)";
    return best;
}

std::string check_budget_line(const BaselineFile& baseline,
                              const std::vector<const Benchmark*>& selection,
                              const RunOptions& options) {
    const auto ms = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g ms", v);
        return std::string(buf);
    };
    const double own = options.budget.seconds * 1000.0;
    std::map<double, size_t> recorded; // budget_ms: metrics
    size_t unrecorded = 0;
    for (const Benchmark* b : selection) {
        const auto it = baseline.metrics.find(b->id);
        if (it != baseline.metrics.end() && it->second.budget_ms > 0)
            ++recorded[it->second.budget_ms];
        else
            ++unrecorded;
    }
    std::vector<std::string> parts;
    bool differs = false;
    for (const auto& [budget, count] : recorded) {
        parts.push_back(ms(budget) + " a metric for " + std::to_string(count) +
                        " metrics, as the baseline recorded them (budget_ms)");
        differs = differs || budget != own;
    }
    if (unrecorded)
        parts.push_back(ms(own) + " (this run's) for " + std::to_string(unrecorded) +
                        " metrics with no recorded budget");
    if (differs)
        parts.push_back("this run's " + ms(own) +
                        " (--budget-ms or CLGAUGE_BUDGET_MS) does not apply to the recorded ones");
    std::string line = "budget:";
    for (size_t i = 0; i < parts.size(); ++i)
        line += (i ? "; " : " ") + parts[i];
    return line;
}

MetricCheck check_benchmark_known(Session& session, const Benchmark& b,
                                  const BaselineFile& baseline, const RunOptions& options,
                                  const std::vector<KnownFailure>& known, bool allow_fixed) {
    const PathChoice choice = choose_path(b, session.caps, options.forced_path);
    MetricCheck c;
    const KnownOutcome k = judge(known, b.id, choice.path ? choice.path->name : "", [&] {
        c = check_benchmark(session, b, baseline, options);
        return Attempt{c.status, c.note};
    });
    apply_known(c, k, allow_fixed);
    return c;
}

namespace {
bool compared(const MetricCheck& c) {
    return c.baseline > 0 && c.measured > 0;
}
const char* code_column(const MetricCheck& c) {
    if (c.code_text.empty()) return "";
    return c.code == CodeMatch::Same      ? "same"
           : c.code == CodeMatch::Changed ? "CHANGED"
                                          : "unknown";
}
} // namespace

std::string check_line(const MetricCheck& c) {
    std::string s = c.id + ": ";
    if (c.unit == Unit::Seconds) s += std::string(gate_statistic(c.unit)) + " "; // not a median
    if (c.baseline > 0) s += "baseline " + format_rate(c.baseline, c.unit) + ", ";
    if (c.measured > 0) s += "measured " + format_rate(c.measured, c.unit) + ", ";
    if (compared(c))
        s += format_percent(c.change, true) + " (" +
             (c.ratio_to.empty() ? ""
                                 : "as a ratio to " + c.ratio_to + " " +
                                       format_percent(c.ratio_change, true) + ", ") +
             "tolerance " + format_percent(c.tolerance) + ", catches a " +
             format_percent(c.catches) + " slowdown" +
             (c.against.empty() ? "" : ", against " + c.against) + "), ";
    s += verdict_name(c.verdict);
    // A regression on the code the baseline ran points at the hardware, the driver's runtime
    // or the machine; on changed code, at the compiler first.
    const bool failing = c.verdict == Verdict::Regression || c.verdict == Verdict::Spill;
    if (failing && c.code == CodeMatch::Same)
        s += " on unchanged code";
    else if (!c.code_text.empty())
        s += ", " + c.code_text;
    if (!c.note.empty()) s += ": " + c.note;
    return s;
}

std::string dart_measurements(const MetricCheck& c) {
    std::string s;
    auto tag = [&](const char* type, const std::string& name, const std::string& value) {
        s += std::string("<DartMeasurement type=\"") + type + "\" name=\"" + name + "\">" + value +
             "</DartMeasurement>\n";
    };
    auto number = [](double x) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.9g", x);
        return std::string(buf);
    };
    const std::string unit = std::string(" [") + unit_name(c.unit) + "]";
    if (c.measured > 0) tag("numeric/double", std::string("measured") + unit, number(c.measured));
    if (c.baseline > 0) tag("numeric/double", std::string("baseline") + unit, number(c.baseline));
    if (!c.fingerprint.empty()) tag("text/string", "code fingerprint", c.fingerprint);
    return s;
}

std::string driver_line(const BaselineFile& f, const DeviceFacts& facts) {
    if (f.driver == facts.driver) return "same driver as the baseline: " + facts.driver;
    return "baseline driver " + f.driver + ", running " + facts.driver;
}

std::vector<std::string> blind_metrics(const std::vector<MetricCheck>& checks) {
    std::vector<std::string> blind;
    for (const auto& c : checks)
        if (c.catches > kSensitivityTarget * (1 + 1e-9)) blind.push_back(c.id);
    return blind;
}

std::string sensitivity_line(const std::vector<MetricCheck>& checks) {
    size_t held = 0;
    for (const auto& c : checks)
        held += c.catches > 0 ? 1 : 0;
    const std::vector<std::string> blind = blind_metrics(checks);
    std::string line = "Sensitivity: " + std::to_string(blind.size()) + " of " +
                       std::to_string(held) + " metrics held to the baseline cannot catch a " +
                       format_percent(kSensitivityTarget) + " slowdown";
    for (size_t i = 0; i < blind.size(); ++i)
        line += (i ? ", " : ": ") + blind[i];
    return line;
}

CheckSummary summarize_checks(const std::vector<MetricCheck>& checks) {
    // The counter each verdict adds to, in the order of enum Verdict; stale ones also count ok.
    static constexpr size_t CheckSummary::*kCounter[] = {
        &CheckSummary::ok,       &CheckSummary::stale,   &CheckSummary::regressions,
        &CheckSummary::lost,     &CheckSummary::failed,  &CheckSummary::ok,
        &CheckSummary::skipped,  &CheckSummary::skipped, &CheckSummary::bad,
        &CheckSummary::expected, &CheckSummary::fixed,   &CheckSummary::spills};
    static_assert(std::size(kCounter) == size_t(Verdict::Spill) + 1, "one per verdict");
    CheckSummary s;
    for (const auto& c : checks) {
        ++(s.*kCounter[size_t(c.verdict)]);
        if (c.verdict == Verdict::Stale) ++s.ok;
    }
    return s;
}

void print_checks(std::ostream& os, const std::string& file, const BaselineFile& f,
                  const DeviceFacts& facts, const std::vector<MetricCheck>& checks) {
    os << "Baseline " << file << " (recorded " << f.date << ", clgauge " << f.clgauge_version
       << ")\n"
       << driver_line(f, facts) << "\n";
    os << "Recorded on " << f.machines.size()
       << (f.machines.size() == 1 ? " machine:" : " machines:");
    for (size_t i = 0; i < f.machines.size(); ++i)
        os << (i ? ";" : "") << " " << f.machines[i].id << " (" << f.machines[i].cpu << ", "
           << f.machines[i].last_recorded << ")";
    os << "\n";
    // Which baseline the metrics were held to: this host's own recordings, or the pool.
    std::map<std::string, size_t> against;
    for (const auto& c : checks)
        if (!c.against.empty()) ++against[c.against];
    for (const auto& [what, count] : against)
        os << "Held to " << what << ": " << count << (count == 1 ? " metric\n" : " metrics\n");
    char row[256];
    // "catches": the smallest slowdown the metric's tolerance fails (baseline/gate.hpp).
    std::snprintf(row, sizeof row, "%-20s %18s %18s %8s %7s %8s  %-8s %s\n", "metric", "baseline",
                  "measured", "change", "tol", "catches", "code", "verdict");
    os << row;
    for (const auto& c : checks) {
        std::snprintf(row, sizeof row, "%-20s %18s %18s %8s %7s %8s  %-8s %s\n", c.id.c_str(),
                      c.baseline > 0 ? format_rate(c.baseline, c.unit).c_str() : "-",
                      c.measured > 0 ? format_rate(c.measured, c.unit).c_str() : "-",
                      compared(c) ? format_percent(c.change, true).c_str() : "",
                      c.tolerance > 0 ? format_percent(c.tolerance).c_str() : "",
                      c.catches > 0 ? format_percent(c.catches).c_str() : "", code_column(c),
                      verdict_name(c.verdict));
        os << row;
    }
    bool header = false;
    for (const auto& c : checks)
        if (!c.note.empty() && c.verdict != Verdict::Unsupported) {
            if (!header) os << "Notes:\n";
            header = true;
            os << "  " << c.id << ": " << verdict_name(c.verdict) << ": " << c.note << "\n";
        }
    for (const auto& c : checks)
        if (c.code == CodeMatch::Changed) {
            if (!header) os << "Notes:\n";
            header = true;
            os << "  " << c.id << ": " << c.code_text << "\n";
        }
    const CheckSummary s = summarize_checks(checks);
    os << sensitivity_line(checks) << "\n";
    os << "Summary: " << checks.size() << " metrics: " << s.ok << " ok (" << s.stale << " stale), "
       << s.regressions << " regressed, " << s.lost << " lost, " << s.failed << " failed, " << s.bad
       << " bad baseline entries, " << s.expected << " known failures, " << s.fixed << " fixed, "
       << s.spills << " now spill, " << s.skipped << " skipped -> "
       << (s.regressions + s.lost + s.failed + s.bad + s.fixed + s.spills ? "FAIL" : "PASS")
       << "\n";
}

} // namespace clgauge
