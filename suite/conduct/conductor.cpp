#include "conduct/conductor.hpp"

#include "analysis/device_audit.hpp"
#include "analysis/timing_analysis.hpp"
#include "baseline/known_judge.hpp"
#include "baseline/match.hpp"
#include "conduct/baseline_modes.hpp"
#include "conduct/sweep_run.hpp"
#include "conduct/table_run.hpp"
#include "core/device.hpp"
#include "measure/phase_clock.hpp"
#include "process/build_pool.hpp"
#include "process/build_queue_worker.hpp"
#include "process/crash_journal.hpp"
#include "process/supervisor.hpp"
#include "registry/registry.hpp"
#include "report/run_time.hpp"
#include "run/runner.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace clgauge {
namespace {

// The reporters of a run: the console, and the files the mode writes.
ReporterList reporters(const RunRequest& r, const std::optional<CrashJournal>& journal) {
    ReporterList report;
    report.add(std::make_unique<ConsoleReporter>(
        std::cout, [&](size_t device) { return !journal || !journal->table_printed(device); }));
    if (const std::string json = json_report_file(r); !json.empty())
        report.add(std::make_unique<JsonReporter>(json));
    if (const auto* t = std::get_if<TableMode>(&r.mode); t && !t->csv_file.empty())
        report.add(std::make_unique<CsvReporter>(t->csv_file));
    return report;
}

// The table on one device, judged against its known-failure list (baseline/known_judge).
Outcome table_device(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunRequest& r, const TableMode& mode, CrashJournal* journal,
                     BuildWorkers* workers, ReporterList& report, ProgressLine& progress,
                     bool& device_hung) {
    const RunOptions& opts = r.options;
    // Read (and so validate) the list before spending time measuring.
    const auto known = known_failures_for(baselines_dir(r.baselines), session.facts());
    std::string workers_line;
    DeviceReport dr = run_table(session, selection, opts, &progress,
                                journal ? journal->hooks(session.entry.index) : RunHooks{}, workers,
                                workers_line);
    // Judged before it is reported, so that every reporter has a re-run flake's result; the
    // verdicts follow the table.
    const TableJudgement j = judge_table(
        dr, known, mode.allow_fixed,
        [&](const Benchmark& b) {
            const PathChoice choice = choose_path(b, session.caps, opts.forced_path);
            return choice.path ? choice.path->name : std::string();
        },
        [&](const Benchmark& b) { return run_benchmark(session, b, opts); });
    Outcome outcome = j.outcome;
    report.results(dr);
    std::cout << j.verdict_lines;
    std::cout << known_lists_line(outcome, baselines_dir(r.baselines), session.facts());
    // A listed hang passes, but the device is left as busy as an unlisted one.
    for (const auto& x : dr.results)
        device_hung = device_hung || x.measurement.status == Status::Timeout;
    if (mode.timing) print_benchmark_phases(std::cout, dr);
    if (mode.timing && !workers_line.empty()) std::cout << workers_line << "\n";
    if (mode.timing && !device_hung) {
        try {
            const auto t = analysis::analyze_timing(session, opts);
            analysis::print_timing(std::cout, t, dr);
            report.section("timing_analysis", analysis::timing_to_json(t, dr));
        } catch (const std::exception& e) {
            std::cout << "timing analysis failed: " << e.what() << "\n";
            report.section("timing_analysis", {{"error", e.what()}});
            outcome = worse(outcome, Outcome::Failed);
        }
    }
    return outcome;
}

} // namespace

ConductResult conduct(const RunRequest& request, const std::string& journal_file) {
    RunRequest r = request;
    r.options.build.identify_code = reports_code(request);
    const auto selection = select_benchmarks(r.only);
    if (selection.empty())
        throw std::invalid_argument("--only '" + r.only + "' matches no benchmark");
    const auto* build = std::get_if<BuildOnlyMode>(&r.mode);
    if (build && build->worker) {
        serve_build_queue(selection, r.options);
        return {};
    }
    // Started before this process's OpenCL (process/build_workers.hpp says why).
    std::unique_ptr<BuildWorkers> workers;
    const bool measures_beside = measures_beside_builds(r);
    if (build || measures_beside) workers = start_build_workers(selection, r.options);
    const auto all = list_devices();
    std::vector<std::string> specs = r.devices;
    if (specs.empty() && !device_spec_from_env().empty()) specs.push_back(device_spec_from_env());
    const auto chosen = select_devices(all, specs);
    const std::string dir = baselines_dir(r.baselines);
    const bool recording = std::holds_alternative<RecordMode>(r.mode);
    if (!recording) note_missing_baselines(dir);
    if (recording)
        for (size_t i = 0; i < chosen.size(); ++i)
            for (size_t j = 0; j < i; ++j)
                if (baseline_path("", chosen[i].facts) == baseline_path("", chosen[j].facts))
                    throw std::invalid_argument(
                        "devices " + std::to_string(chosen[j].index) + " and " +
                        std::to_string(chosen[i].index) +
                        " share one baseline file; record one of them, by index");
    std::optional<NvidiaAssembler> assembler;
    if (std::holds_alternative<AuditMode>(r.mode)) {
        for (const DeviceEntry& d : chosen)
            if (!d.facts.is_nvidia())
                throw std::invalid_argument(
                    "--audit reads NVIDIA SASS: device " + std::to_string(d.index) + " (" +
                    d.facts.name +
                    ") is not an NVIDIA GPU; the isa label audits every NVIDIA path offline "
                    "(docs/work-audit.md)");
        assembler = find_nvidia_assembler();
        if (!assembler->missing.empty())
            throw std::invalid_argument("--audit: " + assembler->missing);
    }
    if (workers) build_with_workers(*workers, chosen, r.options, measures_beside);
    if (build) {
        build_only(chosen, selection, r.options, workers.get());
        return {};
    }

    // One progress line on a terminal, whichever mode measures.
    ProgressLine progress(isatty(STDERR_FILENO) ? &std::cerr : nullptr);
    std::optional<CrashJournal> journal;
    if (!journal_file.empty()) {
        journal.emplace(journal_file);
        std::cout << journal->resume_note() << std::flush;
    }
    ReporterList report = reporters(r, journal);
    ConductResult result;
    for (const auto& entry : chosen) {
        // Owned by pointer so that a hung device's queue can be abandoned, not released.
        auto owned = std::make_unique<Session>(entry);
        Session& session = *owned;
        DeviceReport header;
        header.device_index = entry.index;
        header.facts = session.facts();
        header.caps = session.caps;
        header.cores = session.cores;
        if (std::holds_alternative<SweepMode>(r.mode) ||
            std::holds_alternative<CheckMode>(r.mode) ||
            std::holds_alternative<AuditMode>(r.mode)) {
            header.mode = std::holds_alternative<CheckMode>(r.mode)   ? "check"
                          : std::holds_alternative<AuditMode>(r.mode) ? "audit"
                                                                      : "sweep";
            header.seed = r.options.seed;
        }
        report.device(header);
        if (journal) journal->mark_table_printed(entry.index);
        Outcome outcome = Outcome::Ok;
        bool hung = false;
        if (const auto* c = std::get_if<CheckMode>(&r.mode)) {
            outcome = check_device(session, selection, r.options, dir, *c, progress, report,
                                   workers.get());
            hung = outcome == Outcome::Hung;
        } else if (const auto* rec = std::get_if<RecordMode>(&r.mode)) {
            outcome = record_device(session, selection, r.options, dir, *rec, progress);
            hung = outcome == Outcome::Hung;
        } else if (std::holds_alternative<AuditMode>(r.mode)) {
            BuildsBeside beside(session, workers.get(), r.options);
            beside.defer_pending(true);
            const DeviceAudit audit = audit_device(session, selection, beside.options(), *assembler,
                                                   &progress, build_threads_per_core());
            print_audit(std::cout, audit);
            report.section("audit", audit_to_json(audit));
            outcome = audit.hung ? Outcome::Hung : audit.failed > 0 ? Outcome::Failed : Outcome::Ok;
            hung = audit.hung;
        } else if (const auto* s = std::get_if<SweepMode>(&r.mode)) {
            bool failed = false;
            report.section("sweeps", run_sweeps(*s, session, r.options, progress, failed, hung));
            outcome = hung ? Outcome::Hung : failed ? Outcome::Failed : Outcome::Ok;
        } else {
            outcome = table_device(session, selection, r, std::get<TableMode>(r.mode),
                                   journal ? &*journal : nullptr, workers.get(), report, progress,
                                   result.device_hung);
            hung = result.device_hung;
        }
        result.outcome = worse(result.outcome, outcome);
        if (hung) { // a hung device may not accept more work
            result.device_hung = true;
            (void)owned.release();
            break;
        }
    }
    report.section("run_time_s", phase_times_to_json(phase_times_since_start()));
    try {
        report.finish();
    } catch (const std::exception& e) {
        // A report that cannot be written is a file error, and the least of a run's outcomes:
        // a regression or a failure measured before it still decides the exit status.
        std::cerr << "clgauge: " << e.what() << "\n";
        result.outcome = worse(result.outcome, Outcome::Usage);
    }
    print_run_time(std::cout, phase_times_since_start());
    return result;
}

int run_supervised_if_table(const RunRequest& request,
                            const std::function<int(const std::string&)>& worker,
                            int crash_status) {
    if (!runs_table(request)) return worker("");
    return run_supervised(worker, crash_status);
}

} // namespace clgauge
