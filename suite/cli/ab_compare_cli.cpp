#include "cli/ab_compare_cli.hpp"

#include "report/format.hpp"

#include <cstdio>
#include <iostream>
#include <map>
#include <stdexcept>

namespace clgauge {

using namespace analysis;

namespace {

std::string pad(std::string s, size_t n) {
    return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' ');
}

std::string figure(const ReportMetric* m) {
    if (!m) return "-";
    return m->status == Status::Ok ? format_rate(m->rate, m->unit) : status_name(m->status);
}

std::string verified(const ReportMetric* m) {
    if (!m || m->status == Status::Unsupported) return "-";
    return m->verified ? "yes" : "no";
}

std::string code_column(const MetricComparison& m) {
    if (m.code_text.empty()) return "";
    return m.code == CodeMatch::Same      ? "same"
           : m.code == CodeMatch::Changed ? "CHANGED"
                                          : "unknown";
}

std::string file_line(const ReportFile& r) {
    std::string s = r.file;
    if (!r.clgauge_version.empty() || !r.date.empty())
        s += " (clgauge " + r.clgauge_version + (r.date.empty() ? "" : ", " + r.date) + ")";
    return s;
}

} // namespace

void print_comparison(std::ostream& os, const Comparison& c, const ReportFile& a,
                      const ReportFile& b, const CompareSettings& s) {
    char buf[160];
    os << "A: " << file_line(a) << "\nB: " << file_line(b) << "\n";
    std::snprintf(buf, sizeof buf,
                  "one-sided Mann-Whitney U on the per-launch samples: alpha %g, minimum effect "
                  "%.1f%%\n",
                  s.alpha, 100.0 * s.min_effect);
    os << buf;
    std::map<AbVerdict, std::vector<std::string>> by_verdict;
    std::vector<std::string> spills;
    for (const auto& d : c.devices) {
        os << "\n"
           << d.name << " (" << d.a->mode << "): driver A " << d.a->driver << ", B " << d.b->driver
           << "\n";
        os << "  " << pad("benchmark", 22) << pad("A", 18) << pad("B", 18) << pad("change", 8)
           << pad("p(B worse)", 11) << pad("verdict", 12) << pad("code", 8) << pad("verified", 9)
           << "note\n";
        for (const auto& m : d.metrics) {
            const bool timed = m.a && m.b && m.a->status == Status::Ok && m.b->status == Status::Ok;
            std::snprintf(buf, sizeof buf, "%.2g", m.p_worse);
            os << "  " << pad(m.id, 22) << pad(figure(m.a), 18) << pad(figure(m.b), 18)
               << pad(timed ? format_percent(m.change, true) : "", 8)
               << pad(m.samples_a && m.verdict != AbVerdict::NoVerdict ? buf : "", 11)
               << pad(ab_verdict_name(m.verdict), 12) << pad(code_column(m), 8)
               << pad(verified(m.a) + "/" + verified(m.b), 9) << m.note << "\n";
            // A slower B on A's code points away from the compiler; on other code, at it.
            by_verdict[m.verdict].push_back(m.id +
                                            (m.verdict != AbVerdict::Slower ? ""
                                             : m.code == CodeMatch::Same    ? " (on unchanged code)"
                                             : m.code_text.empty()          ? ""
                                                                   : " (" + m.code_text + ")"));
            if (m.new_spill_bytes > 0) spills.push_back(m.id);
        }
    }
    for (const auto& n : c.notes)
        os << "note: " << n << "\n";
    auto list = [&](AbVerdict v) {
        std::string ids;
        for (const auto& id : by_verdict[v])
            ids += (ids.empty() ? "" : ", ") + id;
        return ids;
    };
    os << "\n";
    if (!by_verdict[AbVerdict::FailedInB].empty())
        os << "B FAILED: " << list(AbVerdict::FailedInB) << "\n";
    if (!by_verdict[AbVerdict::Slower].empty())
        os << "B SLOWER: " << list(AbVerdict::Slower) << "\n";
    if (!by_verdict[AbVerdict::Lost].empty()) os << "B LOST: " << list(AbVerdict::Lost) << "\n";
    if (!spills.empty()) {
        std::string ids;
        for (const auto& id : spills)
            ids += (ids.empty() ? "" : ", ") + id;
        os << "B SPILLS (a kernel that spilled nothing in A): " << ids << "\n";
    }
    std::snprintf(buf, sizeof buf,
                  "%zu same, %zu faster, %zu slower, %zu without a verdict, %zu lost, %zu new, "
                  "%zu failed in B, %zu failed in A only, %zu in one report only",
                  by_verdict[AbVerdict::Same].size(), by_verdict[AbVerdict::Faster].size(),
                  by_verdict[AbVerdict::Slower].size(), by_verdict[AbVerdict::NoVerdict].size(),
                  by_verdict[AbVerdict::Lost].size(), by_verdict[AbVerdict::Gained].size(),
                  by_verdict[AbVerdict::FailedInB].size(), by_verdict[AbVerdict::FailedInA].size(),
                  by_verdict[AbVerdict::OnlyInA].size() + by_verdict[AbVerdict::OnlyInB].size());
    os << buf << "\n";
    const int code = comparison_exit_code(c);
    os << (code == 0 ? "B is no worse than A" : code == 1 ? "B failed" : "B regressed") << "\n";
}

int run_ab_compare_cli(const CliOptions& cli) {
    CompareSettings s;
    if (cli.compare.alpha) s.alpha = *cli.compare.alpha;
    if (cli.compare.min_effect) s.min_effect = *cli.compare.min_effect;
    try {
        const ReportFile a = load_report(cli.compare.a);
        const ReportFile b = load_report(cli.compare.b);
        const Comparison c = compare_reports(a, b, s);
        print_comparison(std::cout, c, a, b, s);
        return comparison_exit_code(c);
    } catch (const ReportFileError& e) {
        throw std::invalid_argument(e.what());
    }
}

} // namespace clgauge
