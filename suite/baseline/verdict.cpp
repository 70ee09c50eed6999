#include "baseline/verdict.hpp"

#include "base/mann_whitney.hpp"
#include "base/stats.hpp"
#include "baseline/gate.hpp"
#include "baseline/pool.hpp"
#include "report/format.hpp"
#include "types/results.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace clgauge {

double tolerance_from_spread(double median, double mad, const std::vector<double>& round_medians,
                             size_t per_round, double floor) {
    if (!(median > 0)) return kToleranceCap;
    double tol =
        4.0 * 1.2533 * 1.4826 * mad / median / std::sqrt(double(std::max<size_t>(per_round, 1)));
    if (round_medians.size() > 1) {
        const auto [lo, hi] = std::minmax_element(round_medians.begin(), round_medians.end());
        tol = std::max(tol, 2.0 * (*hi - *lo) / median);
    }
    return std::clamp(tol, floor, kToleranceCap);
}

double mann_whitney_smaller_p(const std::vector<double>& a, const std::vector<double>& b) {
    return mann_whitney_less(a, b, MannWhitneyMethod::Asymptotic).p;
}

double quantile_slower_p(const std::vector<double>& slower, const std::vector<double>& faster,
                         double q) {
    if (slower.empty() || faster.empty() || !(q > 0 && q < 1)) return 1;
    const double edge = quantile(faster, q);
    const size_t n = slower.size();
    const auto k =
        size_t(std::count_if(slower.begin(), slower.end(), [&](double x) { return x <= edge; }));
    // The binomial CDF term by term in logs: thousands of launches overflow the coefficients.
    double p = 0;
    for (size_t i = 0; i <= k; ++i)
        p += std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) -
                      std::lgamma(double(n - i) + 1) + double(i) * std::log(q) +
                      double(n - i) * std::log1p(-q));
    return std::min(p, 1.0);
}

double metric_value(const Benchmark&, const Measurement& m) {
    return m.rate();
}

std::vector<double> metric_samples(const Benchmark& b, const Measurement& m) {
    const double value = metric_value(b, m), t_med = m.timings.device.median;
    std::vector<double> v;
    if (!(value > 0) || !(t_med > 0)) return v;
    for (double t : m.timings.device.samples)
        if (t > 0) v.push_back(lower_is_better(b.unit) ? value * t / t_med : value * t_med / t);
    return v;
}

double reference_value(const MetricBaseline& m) {
    if (m.value > 0) return m.value;
    // Built in memory without recordings (tests, tools): the gate statistic of its samples.
    return m.samples.empty() ? m.median : gate_value(m.unit, m.samples);
}

const char* verdict_name(Verdict v) {
    static constexpr const char* kNames[] = {
        "ok",           "ok (stale?)",  "REGRESSION",       "LOST",  "FAILED", "new", "unsupported",
        "not recorded", "BAD BASELINE", "expected failure", "FIXED", "SPILL"};
    static_assert(std::size(kNames) == size_t(Verdict::Spill) + 1, "a name for every verdict");
    return kNames[size_t(v)];
}

bool verdict_fails(Verdict v) {
    return v == Verdict::Regression || v == Verdict::Lost || v == Verdict::Failed ||
           v == Verdict::BadBaseline || v == Verdict::Fixed || v == Verdict::Spill;
}

void apply_code(MetricCheck& c, const CodeJudgement& j) {
    c.code = j.match;
    c.code_text = j.text;
    if (!j.notes.empty()) c.note += (c.note.empty() ? "" : "; ") + j.notes;
    if (j.new_spill_bytes <= 0) return;
    if (c.verdict == Verdict::Ok || c.verdict == Verdict::Stale ||
        c.verdict == Verdict::Regression) {
        const bool regressed = c.verdict == Verdict::Regression;
        c.verdict = Verdict::Spill;
        c.note = j.spill_text +
                 (c.note.empty() ? "" : (regressed ? "; REGRESSION too: " : "; ") + c.note);
    } else {
        c.note += (c.note.empty() ? "" : "; ") + j.spill_text;
    }
}

MetricBaseline judged_baseline(const std::string& id, const MetricBaseline& m,
                               const std::string& machine, std::string& against) {
    for (const Recording& r : m.recordings)
        if (!machine.empty() && r.machine == machine && r.value > 0 && !r.samples.empty()) {
            MetricBaseline own = m;
            own.recordings = {r};
            own.samples = r.samples;
            own.value = r.value;
            own.tolerance = r.tolerance;
            against = "its own recording (" + machine + ")";
            return own;
        }
    const size_t n = m.recordings.size();
    against = "the pool of " + std::to_string(n) + (n == 1 ? " machine" : " machines");
    if (n > 0 && n < kLearnedMachines)
        against += " (fewer than " + std::to_string(kLearnedMachines) + ": tolerance at least " +
                   format_percent(kUnlearnedTolerance) + ")";
    MetricBaseline pool = m;
    const double floor = pool_tolerance_floor(id);
    if (pool.tolerance < floor) {
        pool.tolerance = floor;
        against += " (tolerance at least " + format_percent(floor) + " on a row held to a " +
                   format_percent(sensitivity_target(id)) + " slowdown)";
    }
    return pool;
}

std::vector<double> samples_over_reference(const Recording& r) {
    std::vector<double> v = r.samples;
    if (r.reference_rounds.empty()) {
        for (double& x : v)
            x /= r.reference;
        return v;
    }
    // Each round's samples over that round's own reference (the schema holds the counts to the
    // samples).
    size_t i = 0;
    for (const ReferenceRound& round : r.reference_rounds)
        for (size_t k = 0; k < round.samples && i < v.size(); ++k)
            v[i++] /= round.reference;
    return v;
}

std::optional<MetricBaseline> ratio_baseline(const MetricBaseline& m) {
    if (!m.supported || m.recordings.empty()) return std::nullopt;
    MetricBaseline r = m;
    for (Recording& rec : r.recordings) {
        if (!(rec.reference > 0)) return std::nullopt;
        rec.samples = samples_over_reference(rec);
        if (!rec.reference_rounds.empty()) {
            rec.tolerance = rec.ratio_tolerance;
            rec.reference_rounds.clear();
        }
        const Stats st = summarize(rec.samples);
        rec.value = gate_value(m.unit, rec.samples);
        rec.median = st.median;
        rec.min = st.min;
        rec.max = st.max;
        rec.reference = 1;
    }
    pool_recordings(r);
    return r;
}

MetricCheck judged_by_ratio(const MetricCheck& plain, const MetricBaseline& ratios,
                            double baseline_reference, double reference, const std::string& what,
                            const std::vector<double>& samples) {
    // The ratio decides where it is the model at least as tight: where the kind's hosts differ
    // more than the figure's ratio to their own rate does, and where both sit at the floor,
    // since then the figure alone still moves with what the reference measures (a GPU that
    // clocked down, recorded at one clock and checked at another).
    if (plain.status != Status::Ok || !(reference > 0) || samples.empty() ||
        ratios.tolerance > plain.tolerance)
        return plain;
    std::vector<double> ratio_samples;
    for (double x : samples)
        ratio_samples.push_back(x / reference);
    const MetricCheck r =
        compare_metric(plain.id, plain.unit, &ratios, Status::Ok, "",
                       gate_value(plain.unit, samples) / reference, ratio_samples);
    if (r.verdict != Verdict::Ok && r.verdict != Verdict::Stale && r.verdict != Verdict::Regression)
        return plain;
    MetricCheck c = plain;
    c.verdict = r.verdict;
    c.tolerance = r.tolerance;
    c.catches = r.catches;
    c.p_value = r.p_value;
    c.ratio_to = what;
    c.ratio_change = r.change;
    c.proposed = r.verdict == Verdict::Stale ? plain.measured : 0;
    const double reference_change = baseline_reference > 0 ? reference / baseline_reference - 1 : 0;
    // The reference is a host's rate or a clock: its change, not its value, says what moved.
    std::string note = "judged by its ratio to " + what + " in the same run (" +
                       format_percent(reference_change, true) + " against the baseline's)";
    if (r.verdict == Verdict::Regression)
        note += ": the figure fell against it, the driver's part is slower";
    else if (plain.verdict == Verdict::Regression)
        note += ": the figure fell with it, what it measures is slower (the host, the clock), "
                "not the driver's part";
    if (!r.note.empty()) note += "; ratio " + r.note;
    c.note = note;
    return c;
}

MetricCheck compare_metric(const std::string& id, Unit unit, const MetricBaseline* base,
                           Status status, const std::string& reason, double measured,
                           const std::vector<double>& samples) {
    MetricCheck c;
    c.id = id;
    c.unit = unit;
    c.status = status;
    c.measured = status == Status::Ok ? measured : 0;
    if (base && base->unit != unit) {
        c.verdict = Verdict::BadBaseline;
        c.note = std::string("baseline metrics[\"") + id + "\"].unit is " + unit_name(base->unit) +
                 " but " + id + " measures " + unit_name(unit);
        return c;
    }
    if (base && base->supported) {
        c.baseline = reference_value(*base);
        c.tolerance = base->tolerance;
        c.catches = smallest_caught(unit, c.tolerance);
    }
    if (is_failure(status)) {
        c.verdict = Verdict::Failed;
        c.note = std::string(status_name(status)) + ": " + reason +
                 (base && base->supported ? " (ok in the baseline)" : "");
        return c;
    }
    if (status == Status::Unsupported) {
        c.verdict = base && base->supported ? Verdict::Lost : Verdict::Unsupported;
        c.note = base && base->supported ? "was ok in the baseline (path " + base->path +
                                               "), now unsupported: " + reason
                                         : reason;
        return c;
    }
    if (!base) {
        c.verdict = Verdict::NotRecorded;
        c.note = "not in the baseline; clgauge --record adds it";
        return c;
    }
    if (!base->supported) {
        c.verdict = Verdict::NewCapability;
        c.note = "unsupported in the baseline (" + base->reason +
                 "), now runs: clgauge --record adds it";
        return c;
    }
    if (!(measured > 0)) {
        c.verdict = Verdict::Failed;
        c.note = "ok but measured no time";
        return c;
    }
    // Latencies gate on a low quantile of the samples (gate.hpp), rates on the median.
    if (!samples.empty()) measured = gate_value(unit, samples);
    c.measured = measured;
    c.change = (measured - c.baseline) / c.baseline;
    const bool lower = lower_is_better(unit);
    const double worse = lower ? c.change : -c.change; // positive: worse than the baseline
    // The samples against the baseline's moved by the tolerance: a figure inside the
    // tolerance is no regression however many samples say it is slower. Each machine's samples
    // are centred on the pooled value first, so that the edge has one machine's noise, not
    // the spread between machines (which the tolerance holds).
    const double move = lower ? 1 + c.tolerance : 1 - c.tolerance;
    std::vector<double> edge;
    for (const Recording& r : base->recordings)
        if (r.value > 0)
            for (double x : r.samples)
                edge.push_back(x / r.value * c.baseline * move);
    if (edge.empty())
        for (double x : base->samples)
            edge.push_back(x * move);
    // A rate is confirmed by the rank of every sample. A latency also at its gate quantile,
    // where the fast end is slower while a lighter right tail than the recording's ranks the
    // whole distribution faster; the rank test still decides a run of few launches, on which a
    // test of the tenth percentile has no power.
    c.p_value =
        lower ? mann_whitney_smaller_p(edge, samples) : mann_whitney_smaller_p(samples, edge);
    std::string test = "Mann-Whitney";
    if (lower) {
        const double at_quantile = quantile_slower_p(samples, edge, kLatencyQuantile);
        if (at_quantile < c.p_value) {
            c.p_value = at_quantile;
            test = "quantile test";
        }
    }
    const std::string stat = gate_statistic(unit);
    if (worse > c.tolerance) {
        if (c.p_value < kConfirmP) {
            c.verdict = Verdict::Regression;
            c.note = stat + " " + format_percent(worse) + " worse than the baseline (tolerance " +
                     format_percent(c.tolerance) + ", " + test +
                     " p=" + format_significant(c.p_value, 2) + ")";
        } else {
            c.note = stat + " " + format_percent(worse) +
                     " worse than the baseline, beyond the tolerance " +
                     format_percent(c.tolerance) + ", but the samples overlap (" + test +
                     " p=" + format_significant(c.p_value, 2) + "): not a confirmed regression";
        }
    } else if (-worse > c.tolerance) {
        c.verdict = Verdict::Stale;
        c.proposed = measured;
        c.note = stat + " " + format_percent(-worse) + " better than the baseline (tolerance " +
                 format_percent(c.tolerance) + "): the baseline may be stale; proposed new " +
                 stat + " " + format_rate(measured, unit) + " (clgauge --record)";
    }
    return c;
}

} // namespace clgauge
