#include "conduct/baseline_modes.hpp"

#include "baseline/check.hpp"
#include "baseline/check_json.hpp"
#include "baseline/gate.hpp"
#include "baseline/known_judge.hpp"
#include "baseline/match.hpp"
#include "process/build_pool.hpp"
#include "registry/registry.hpp"
#include "report/format.hpp"
#include "run/measure_each.hpp"

#include <cstdio>
#include <iostream>
#include <optional>

namespace clgauge {

Outcome check_device(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& opts, const std::string& dir, const CheckMode& mode,
                     ProgressLine& progress, Reporter& report, BuildWorkers* workers) {
    const auto base = find_baseline(dir, session.facts());
    if (!base) {
        std::cout << "clgauge: " << how_to_record(dir, session.facts()) << "\n";
        return Outcome::Usage;
    }
    const auto known = known_failures_for(dir, session.facts());
    std::cout << check_budget_line(*base, selection, opts) << "\n";
    BuildsBeside beside(session, workers, opts);
    beside.defer_pending(true);
    // An entry whose program a build worker is still compiling is checked after the others
    // (BuildPending); the checks keep the selection's order.
    std::vector<std::optional<MetricCheck>> checked(selection.size());
    EachMeasured loop;
    loop.count = selection.size();
    loop.name = [&](size_t i) { return selection[i]->id; };
    loop.measure = [&](size_t i) {
        checked[i] = check_benchmark_known(session, *selection[i], *base, beside.options(), known,
                                           mode.allow_fixed);
        return checked[i]->status;
    };
    loop.not_run = [&](size_t i) {
        const Benchmark& b = *selection[i];
        const auto it = base->metrics.find(b.id);
        checked[i] = compare_metric(b.id, b.unit, it == base->metrics.end() ? nullptr : &it->second,
                                    Status::Error, kNotRunAfterHang, 0, {});
    };
    (void)measure_each(loop, &progress);
    std::vector<MetricCheck> checks;
    for (auto& c : checked)
        if (c) checks.push_back(std::move(*c));
    const std::string file = baseline_path(dir, session.facts());
    print_checks(std::cout, file, *base, session.facts(), checks);
    report.section("check", checks_to_json(file, *base, session.facts(), checks));
    Outcome outcome = Outcome::Ok;
    for (const auto& c : checks)
        outcome = worse(outcome, check_outcome(c));
    std::cout << known_lists_line(outcome, dir, session.facts());
    return outcome;
}

Outcome record_device(Session& session, const std::vector<const Benchmark*>& selection,
                      const RunOptions& opts, const std::string& dir, const RecordMode& mode,
                      ProgressLine& progress) {
    const RecordReport rep = record_baseline(session, selection, opts, dir, mode.rounds,
                                             mode.tolerance_floor, &progress);
    std::cout << "Recording as machine " << rep.machine.id << " (" << rep.machine.cpu
              << "): its earlier recordings are replaced, other machines' kept and pooled\n";
    for (const auto& id : rep.recorded) {
        const MetricBaseline& m = rep.written.metrics.at(id);
        const Benchmark* b = find_benchmark(id);
        char tol[16];
        std::snprintf(tol, sizeof tol, "%.1f%%", 100.0 * m.tolerance);
        if (m.supported)
            std::cout << "  recorded " << id << " [" << m.path << "]: " << gate_statistic(m.unit)
                      << " " << format_rate(m.value, b->unit) << ", tolerance " << tol << ", "
                      << m.samples.size() << " samples in " << m.rounds << " rounds from "
                      << m.recordings.size()
                      << (m.recordings.size() == 1 ? " machine" : " machines (pooled)")
                      << (m.tolerance >= kToleranceCap
                              ? " (the cap: too noisy to gate finely; record on an idle device)"
                              : "")
                      << "\n";
        else
            std::cout << "  recorded " << id << ": unsupported (" << m.reason << ")\n";
    }
    for (const auto& why : rep.refused)
        std::cout << "  NOT recorded " << why << "\n";
    if (!rep.kept.empty()) {
        std::cout << "  kept from the existing file:";
        for (const auto& id : rep.kept)
            std::cout << " " << id;
        std::cout << "\n";
    }
    std::cout << (rep.recorded.empty() ? "Nothing written to " : "Wrote ") << rep.file << " ("
              << rep.recorded.size() << " recorded, " << rep.kept.size() << " kept, "
              << rep.refused.size() << " refused)\n";
    if (!rep.hung.empty()) return Outcome::Hung;
    return rep.refused.empty() ? Outcome::Ok : Outcome::Failed;
}

} // namespace clgauge
