#include "baseline/record.hpp"

#include "base/files.hpp"
#include "baseline/gate.hpp"
#include "baseline/machine.hpp"
#include "baseline/match.hpp"
#include "baseline/pool.hpp"
#include "baseline/verdict.hpp"
#include "run/measure_each.hpp"
#include "run/runner.hpp"
#include "types/results.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <iterator>

namespace clgauge {

RecordOutcome metric_from_rounds(const Benchmark& b, const std::vector<Measurement>& rounds,
                                 const DeviceFacts& facts, const std::string& date,
                                 double tolerance_floor, const std::string& machine) {
    RecordOutcome out;
    MetricBaseline& m = out.metric;
    m.unit = b.unit;
    m.driver = facts.driver;
    m.date = date;
    m.clgauge_version = CLGAUGE_VERSION;
    if (rounds.empty()) {
        out.why = "not measured";
        return out;
    }
    for (const auto& r : rounds)
        if (is_failure(r.status)) {
            out.why = std::string(status_name(r.status)) + ": " + r.reason +
                      " (a baseline is only recorded from verified runs)";
            return out;
        }
    if (rounds.front().status == Status::Unsupported) {
        m.supported = false;
        m.reason = rounds.front().reason;
        out.recorded = true;
        return out;
    }
    Recording rec;
    std::vector<double> round_values; // each round's gate statistic
    std::vector<double> ratio_values; // the same over the round's reference, where measured
    for (const auto& r : rounds) {
        if (r.status != Status::Ok) {
            out.why = "unsupported in one round and ok in another";
            return out;
        }
        const auto s = metric_samples(b, r);
        rec.samples.insert(rec.samples.end(), s.begin(), s.end());
        round_values.push_back(gate_value(b.unit, s));
        if (r.reference_rate > 0) {
            rec.reference_rounds.push_back({s.size(), r.reference_rate});
            ratio_values.push_back(round_values.back() / r.reference_rate);
        }
        m.path = r.path;
    }
    if (rec.samples.size() < kMinBaselineSamples) {
        out.why = "only " + std::to_string(rec.samples.size()) + " samples (needs " +
                  std::to_string(kMinBaselineSamples) + ")";
        return out;
    }
    const Stats st = summarize(rec.samples);
    rec.machine = machine;
    rec.driver = m.driver;
    rec.date = date;
    rec.clgauge_version = m.clgauge_version;
    rec.path = m.path;
    rec.rounds = static_cast<unsigned>(rounds.size());
    rec.code = rounds.front().code; // one process builds each program once: every round's
    rec.value = gate_value(b.unit, rec.samples);
    // Every round measured the reference, or the recording has none.
    if (rec.reference_rounds.size() == rounds.size() && !rec.samples.empty()) {
        std::vector<double> references;
        for (const ReferenceRound& round : rec.reference_rounds)
            references.push_back(round.reference);
        rec.reference = summarize(references).median;
        const std::vector<double> ratios = samples_over_reference(rec);
        rec.ratio_tolerance =
            tolerance_from_spread(gate_value(b.unit, ratios), summarize(ratios).mad, ratio_values,
                                  ratios.size() / rounds.size(), tolerance_floor);
    } else {
        rec.reference_rounds.clear();
    }
    rec.median = st.median;
    rec.min = st.min;
    rec.max = st.max;
    rec.tolerance = tolerance_from_spread(rec.value, st.mad, round_values,
                                          rec.samples.size() / rounds.size(), tolerance_floor);
    m.recordings = {std::move(rec)};
    pool_recordings(m);
    out.recorded = true;
    return out;
}

BaselineFile merge_baseline(const BaselineFile* existing, const DeviceFacts& facts,
                            const std::vector<std::pair<std::string, MetricBaseline>>& recorded,
                            const std::string& date, const BaselineMachine& machine) {
    BaselineFile f = existing ? *existing : BaselineFile{};
    f.device = device_of(facts);
    f.driver = facts.driver;
    f.device_version = facts.device_version;
    f.opencl_c_version = facts.opencl_c_version;
    f.date = date;
    f.clgauge_version = CLGAUGE_VERSION;
    for (const auto& [id, m] : recorded) {
        const auto old = f.metrics.find(id);
        f.metrics[id] = merge_recordings(old == f.metrics.end() ? nullptr : &old->second, m);
    }
    auto listed = std::find_if(f.machines.begin(), f.machines.end(),
                               [&](const BaselineMachine& m) { return m.id == machine.id; });
    if (listed == f.machines.end()) {
        f.machines.push_back(machine);
        f.machines.back().first_recorded = date;
        listed = std::prev(f.machines.end());
    } else {
        listed->hostname_hash = machine.hostname_hash;
        listed->cpu = machine.cpu;
    }
    listed->last_recorded = date;
    unlist_unrecorded_machines(f, machine.id);
    return f;
}

RunOptions baseline_run_options(RunOptions o, const MetricBaseline* recorded) {
    o.mode = Mode::Perf;
    if (recorded && recorded->budget_ms > 0) o.budget.seconds = recorded->budget_ms / 1000.0;
    o.budget.min_reps = std::max(o.budget.min_reps, kBaselineMinReps);
    o.budget.max_reps = std::max(o.budget.max_reps, o.budget.min_reps);
    return o;
}

RecordReport record_baseline(Session& session, const std::vector<const Benchmark*>& selection,
                             const RunOptions& options, const std::string& dir, unsigned rounds,
                             double tolerance_floor, ProgressLine* progress) {
    RecordReport rep;
    rep.file = baseline_path(dir, session.facts());
    // Read (and so validate) the old file, and see that it can be written, before spending
    // time measuring.
    if (std::filesystem::exists(rep.file)) (void)find_baseline(dir, session.facts());
    if (const auto why = output_problem(rep.file))
        throw BaselineError(rep.file + ": cannot be written: " + *why);
    const RunOptions opts = baseline_run_options(options);
    std::vector<std::vector<Measurement>> runs(selection.size());
    const unsigned passes = std::max(rounds, 1u);
    for (unsigned round = 0; round < passes && rep.hung.empty(); ++round) {
        EachMeasured loop;
        loop.stage = "round " + std::to_string(round + 1) + "/" + std::to_string(passes);
        loop.count = selection.size();
        loop.name = [&](size_t i) { return selection[i]->id; };
        loop.measure = [&](size_t i) {
            // Failures are not retried.
            if (!runs[i].empty() && is_failure(runs[i].back().status)) return Status::Ok;
            runs[i].push_back(run_benchmark(session, *selection[i], opts));
            if (runs[i].back().status == Status::Timeout) rep.hung = selection[i]->id;
            return runs[i].back().status;
        };
        (void)measure_each(loop, progress);
    }
    rep.machine = this_machine(session.facts());
    if (!rep.hung.empty()) {
        for (size_t i = 0; i < selection.size(); ++i) {
            const std::string& id = selection[i]->id;
            rep.refused.push_back(id == rep.hung
                                      ? id + ": timeout: " + runs[i].back().reason
                                      : id + ": " + kNotRunAfterHang + " (" + rep.hung +
                                            "); a run whose device hung records nothing");
        }
        return rep;
    }
    const std::string date = utc_timestamp();
    std::vector<std::pair<std::string, MetricBaseline>> recorded;
    for (size_t i = 0; i < selection.size(); ++i) {
        const Benchmark& b = *selection[i];
        RecordOutcome o =
            metric_from_rounds(b, runs[i], session.facts(), date, tolerance_floor, rep.machine.id);
        if (o.recorded) {
            // A check measures with the budget its recording was made with.
            for (auto& r : o.metric.recordings)
                r.budget_ms = opts.budget.seconds * 1000.0;
            if (o.metric.supported) pool_recordings(o.metric);
            recorded.push_back({b.id, std::move(o.metric)});
            rep.recorded.push_back(b.id);
        } else {
            rep.refused.push_back(b.id + ": " + o.why);
        }
    }
    // Read again under the lock: another recording (another machine) may have written the
    // file while this one measured, and its recordings are merged, not overwritten.
    const FileLock lock(baseline_lock_path(rep.file));
    std::optional<BaselineFile> existing;
    if (std::filesystem::exists(rep.file)) existing = find_baseline(dir, session.facts());
    if (existing)
        for (const auto& [id, m] : existing->metrics)
            if (std::find(rep.recorded.begin(), rep.recorded.end(), id) == rep.recorded.end())
                rep.kept.push_back(id);
    if (!recorded.empty()) {
        rep.written = merge_baseline(existing ? &*existing : nullptr, session.facts(), recorded,
                                     date, rep.machine);
        save_baseline(rep.file, rep.written);
    }
    return rep;
}

} // namespace clgauge
