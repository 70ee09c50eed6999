#include "analysis/ab_comparison.hpp"

#include "base/mann_whitney.hpp"
#include "report/format.hpp"
#include "types/results.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace clgauge::analysis {

const char* ab_verdict_name(AbVerdict v) {
    switch (v) {
    case AbVerdict::Same:
        return "same";
    case AbVerdict::Slower:
        return "SLOWER";
    case AbVerdict::Faster:
        return "faster";
    case AbVerdict::NoVerdict:
        return "no verdict";
    case AbVerdict::Lost:
        return "LOST";
    case AbVerdict::Gained:
        return "new";
    case AbVerdict::FailedInB:
        return "B FAILED";
    case AbVerdict::FailedInA:
        return "A failed";
    case AbVerdict::Unsupported:
        return "unsupported";
    case AbVerdict::OnlyInA:
        return "only in A";
    case AbVerdict::OnlyInB:
        return "only in B";
    }
    return "?";
}

namespace {

std::string p_text(double p) {
    return "p=" + format_significant(p, 2);
}

std::string outcome(const ReportMetric& m) {
    return std::string(status_name(m.status)) + (m.reason.empty() ? "" : ": " + m.reason);
}

// Both ok: the medians, the change and, with enough samples, the U test both ways.
void compare_timings(MetricComparison& c, const CompareSettings& s) {
    const ReportMetric &a = *c.a, &b = *c.b;
    c.change = (b.rate - a.rate) / a.rate;
    const bool lower_is_better = c.unit == Unit::Seconds;
    const double worse = lower_is_better ? c.change : -c.change; // > 0: B is worse
    if (!a.samples_s || !b.samples_s) {
        c.verdict = AbVerdict::NoVerdict;
        c.note = std::string("no samples in ") + (!a.samples_s ? "A" : "B") +
                 " (samples_s): medians only, no verdict";
        return;
    }
    const auto xa = a.figure_samples(), xb = b.figure_samples();
    c.samples_a = xa.size();
    c.samples_b = xb.size();
    if (std::min(xa.size(), xb.size()) < 2 ||
        !(mann_whitney_min_p(xa.size(), xb.size()) < s.alpha)) {
        c.verdict = AbVerdict::NoVerdict;
        c.note = std::to_string(xa.size()) + " and " + std::to_string(xb.size()) +
                 " samples cannot be significant at alpha " + nlohmann::json(s.alpha).dump() +
                 ": medians only (a larger --budget-ms takes more)";
        return;
    }
    // Rates: B worse when its figures rank below A's; latencies: when A's rank below B's.
    c.p_worse = (lower_is_better ? mann_whitney_less(xa, xb) : mann_whitney_less(xb, xa)).p;
    c.p_better = (lower_is_better ? mann_whitney_less(xb, xa) : mann_whitney_less(xa, xb)).p;
    if (c.p_worse < s.alpha && worse > s.min_effect) {
        c.verdict = AbVerdict::Slower;
        c.note = format_percent(worse) + " worse (" + p_text(c.p_worse) + ")";
    } else if (c.p_better < s.alpha && -worse > s.min_effect) {
        c.verdict = AbVerdict::Faster;
        c.note = format_percent(-worse) + " better (" + p_text(c.p_better) + ")";
    } else {
        c.verdict = AbVerdict::Same;
        const double p = worse > 0 ? c.p_worse : c.p_better;
        if (std::abs(worse) > s.min_effect)
            c.note = format_percent(std::abs(worse)) + (worse > 0 ? " worse" : " better") +
                     " but not significant (" + p_text(p) + ")";
        else if (p < s.alpha)
            c.note = "significant (" + p_text(p) + ") but within the minimum effect " +
                     format_percent(s.min_effect);
    }
    if (std::min(xa.size(), xb.size()) < kOptimalSamples)
        c.note += std::string(c.note.empty() ? "" : "; ") + "fewer than " +
                  std::to_string(kOptimalSamples) + " samples: the test is unreliable";
}

} // namespace

MetricComparison compare_metric_ab(const ReportMetric* a, const ReportMetric* b,
                                   const CompareSettings& s) {
    MetricComparison c;
    c.a = a;
    c.b = b;
    c.id = (a ? a : b)->id;
    c.unit = (a ? a : b)->unit;
    if (!a || !b) {
        c.verdict = a ? AbVerdict::OnlyInA : AbVerdict::OnlyInB;
        c.note = std::string("not in ") + (a ? "B" : "A") + "'s report";
        return c;
    }
    const bool a_failed = is_failure(a->status), b_failed = is_failure(b->status);
    const bool a_unsupported = a->status == Status::Unsupported;
    const bool b_unsupported = b->status == Status::Unsupported;
    if (b_failed) {
        c.verdict = AbVerdict::FailedInB;
        c.note = outcome(*b) + (a_failed ? " (failed in A too)" : "");
    } else if (a_failed) {
        c.verdict = AbVerdict::FailedInA;
        c.note = "A: " + outcome(*a);
    } else if (a_unsupported || b_unsupported) {
        c.verdict = a_unsupported && b_unsupported ? AbVerdict::Unsupported
                    : a_unsupported                ? AbVerdict::Gained
                                                   : AbVerdict::Lost;
        c.note = a_unsupported && !b_unsupported ? "A: " + a->reason : b->reason;
    } else {
        compare_timings(c, s);
    }
    if (a->status == Status::Ok && b->status == Status::Ok && a->path != b->path)
        c.note += std::string(c.note.empty() ? "" : "; ") + "path " + a->path + " in A, " +
                  b->path + " in B";
    if (a->code.known() || b->code.known()) {
        const CodeJudgement j = judge_code(a->code, b->code);
        c.code = j.match;
        c.code_text = j.text;
        c.new_spill_bytes = j.new_spill_bytes;
        for (const std::string* more : {&j.notes, &j.spill_text})
            if (!more->empty()) c.note += (c.note.empty() ? "" : "; ") + *more;
    }
    return c;
}

namespace {

// The devices of a report keyed by name and by how many of that name came before.
std::map<std::pair<std::string, size_t>, const ReportDevice*> by_name(const ReportFile& r) {
    std::map<std::pair<std::string, size_t>, const ReportDevice*> out;
    std::map<std::string, size_t> seen;
    for (const auto& d : r.devices)
        out[{d.name, seen[d.name]++}] = &d;
    return out;
}

std::string names(const ReportFile& r) {
    std::string s;
    for (const auto& d : r.devices)
        s += (s.empty() ? "\"" : ", \"") + d.name + "\"";
    return s.empty() ? "none" : s;
}

DeviceComparison compare_device(const ReportFile& fa, const ReportDevice& a, const ReportFile& fb,
                                const ReportDevice& b, const CompareSettings& s) {
    if (a.mode != b.mode)
        throw ReportFileError(fb.file + ": " + b.field + ".mode: is \"" + b.mode + "\" but " +
                              fa.file + " " + a.field + ".mode is \"" + a.mode +
                              "\"; compare reports of the same kind of run");
    DeviceComparison d;
    d.name = a.name;
    d.a = &a;
    d.b = &b;
    std::map<std::string, const ReportMetric*> in_b;
    for (const auto& m : b.metrics)
        in_b[m.id] = &m;
    for (const auto& m : a.metrics) {
        auto it = in_b.find(m.id);
        const ReportMetric* mb = it == in_b.end() ? nullptr : it->second;
        if (mb && mb->unit != m.unit)
            throw ReportFileError(fb.file + ": " + mb->field + ".unit: " + m.id + " is in " +
                                  unit_name(mb->unit) + " but in " + unit_name(m.unit) + " in " +
                                  fa.file + " " + m.field + ".unit");
        d.metrics.push_back(compare_metric_ab(&m, mb, s));
        if (mb) in_b.erase(it);
    }
    for (const auto& m : b.metrics)
        if (in_b.count(m.id)) d.metrics.push_back(compare_metric_ab(nullptr, &m, s));
    return d;
}

} // namespace

Comparison compare_reports(const ReportFile& a, const ReportFile& b, const CompareSettings& s) {
    Comparison c;
    const auto devices_b = by_name(b);
    std::map<std::pair<std::string, size_t>, bool> matched;
    for (const auto& [key, da] : by_name(a)) {
        auto it = devices_b.find(key);
        if (it == devices_b.end()) {
            c.notes.push_back("device \"" + key.first + "\" (" + a.file + " " + da->field +
                              ") is not in " + b.file + ": not compared");
            continue;
        }
        matched[key] = true;
        c.devices.push_back(compare_device(a, *da, b, *it->second, s));
    }
    for (const auto& [key, db] : devices_b)
        if (!matched.count(key))
            c.notes.push_back("device \"" + key.first + "\" (" + b.file + " " + db->field +
                              ") is not in " + a.file + ": not compared");
    if (c.devices.empty())
        throw ReportFileError(b.file + ": devices: no device of the same name as in " + a.file +
                              " (A has " + names(a) + "; B has " + names(b) +
                              "); compare runs on one device");
    const bool any_common = std::any_of(c.devices.begin(), c.devices.end(), [](const auto& d) {
        return std::any_of(d.metrics.begin(), d.metrics.end(),
                           [](const auto& m) { return m.a && m.b; });
    });
    if (!any_common)
        throw ReportFileError(b.file + ": metrics: no benchmark id in common with " + a.file +
                              " (run both with the same --only)");
    return c;
}

int comparison_exit_code(const Comparison& c) {
    bool failed = false, regressed = false;
    for (const auto& d : c.devices)
        for (const auto& m : d.metrics) {
            failed = failed || m.verdict == AbVerdict::FailedInB;
            regressed = regressed || m.verdict == AbVerdict::Slower ||
                        m.verdict == AbVerdict::Lost || m.new_spill_bytes > 0;
        }
    return failed ? 1 : regressed ? 3 : 0;
}

} // namespace clgauge::analysis
