// clgauge: device table, benchmark table, reports. Exit codes in cli/options.cpp usage_text.
#include "analysis/timing_analysis.hpp"
#include "baseline/check.hpp"
#include "baseline/check_json.hpp"
#include "baseline/gate.hpp"
#include "baseline/known_failures.hpp"
#include "baseline/known_judge.hpp"
#include "baseline/match.hpp"
#include "cli/analysis_cli.hpp"
#include "cli/build_processes.hpp"
#include "cli/compare_cli.hpp"
#include "cli/crash_journal.hpp"
#include "cli/drop_recordings_cli.hpp"
#include "cli/options.hpp"
#include "cli/preflight.hpp"
#include "cli/stamp_code_cli.hpp"
#include "cli/supervisor.hpp"
#include "core/files.hpp"
#include "core/resource_spec.hpp"
#include "registry/registry.hpp"
#include "report/console.hpp"
#include "report/format.hpp"
#include "report/reporter.hpp"
#include "report/run_time.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <unistd.h>

using namespace clgauge;

namespace {
enum Exit {
    kOk = 0,
    kFailed = 1,
    kUsage = 2,
    kRegression = 3,
    kHung = 4,
    kFixed = kKnownFixedExit
};

// When several outcomes apply, the most severe decides: a hang, a wrong result, a regression,
// a known failure that now passes, then a usage problem.
int worse(int a, int b) {
    auto rank = [](int c) {
        return c == kHung         ? 5
               : c == kFailed     ? 4
               : c == kRegression ? 3
               : c == kFixed      ? 2
               : c                ? 1
                                  : 0;
    };
    return rank(a) >= rank(b) ? a : b;
}

bool allow_fixed(const CliOptions& cli) {
    return cli.allow_fixed || allow_fixed_from_env();
}

int exit_status(Outcome o) {
    switch (o) {
    case Outcome::Ok:
        return kOk;
    case Outcome::Usage:
        return kUsage;
    case Outcome::Fixed:
        return kFixed;
    case Outcome::Regression:
        return kRegression;
    case Outcome::Failed:
        return kFailed;
    case Outcome::Hung:
        return kHung;
    }
    return kFailed;
}

// A table run's results judged against the device's known-failure list (known_judge.hpp);
// the verdict lines go to `out`.
int judge_results(Session& session, DeviceReport& r, const std::vector<KnownFailure>& known,
                  const RunOptions& opts, const CliOptions& cli, std::ostream& out) {
    const TableJudgement j = judge_table(
        r, known, allow_fixed(cli),
        [&](const Benchmark& b) {
            const PathChoice choice = choose_path(b, session.caps, opts.forced_path);
            return choice.path ? choice.path->name : std::string();
        },
        [&](const Benchmark& b) { return run_benchmark(session, b, opts); });
    out << j.verdict_lines;
    return exit_status(j.outcome);
}

int check_device(Session& session, const std::vector<const Benchmark*>& selection,
                 const RunOptions& opts, const CliOptions& cli, bool tty, Reporter& report) {
    const std::string dir = baselines_dir(cli.baselines);
    const auto base = find_baseline(dir, session.facts());
    if (!base) {
        std::cout << "clgauge: " << how_to_record(dir, session.facts()) << "\n";
        return kUsage;
    }
    const auto known = known_failures_for(dir, session.facts());
    std::vector<MetricCheck> checks;
    for (size_t i = 0; i < selection.size(); ++i) {
        if (tty)
            std::cerr << "\r[" << i + 1 << "/" << selection.size() << "] " << selection[i]->id
                      << "                    " << std::flush;
        checks.push_back(check_benchmark_known(session, *selection[i], *base, opts, known,
                                               allow_fixed(cli)));
        if (checks.back().status == Status::Timeout) break; // the device may not accept more
    }
    if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    const std::string file = baseline_path(dir, session.facts());
    print_checks(std::cout, file, *base, session.facts(), checks);
    report.section("check", checks_to_json(file, *base, session.facts(), checks));
    Outcome outcome = Outcome::Ok;
    for (const auto& c : checks)
        outcome = worse(outcome, check_outcome(c));
    return exit_status(outcome);
}

int record_device(Session& session, const std::vector<const Benchmark*>& selection,
                  const RunOptions& opts, const CliOptions& cli, bool tty) {
    const std::string dir = baselines_dir(cli.baselines);
    const unsigned rounds = cli.rounds.value_or(kDefaultRecordRounds);
    auto progress = [&](unsigned round, size_t done, const Benchmark& next) {
        if (tty)
            std::cerr << "\r[round " << round + 1 << "/" << rounds << ", " << done + 1 << "/"
                      << selection.size() << "] " << next.id << "                    "
                      << std::flush;
    };
    const RecordReport rep =
        record_baseline(session, selection, opts, dir, rounds,
                        cli.tolerance_floor.value_or(kToleranceFloor), progress);
    if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
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
    return rep.refused.empty() ? kOk : kFailed;
}

void list_benchmarks() {
    for (const auto& b : registry()) {
        std::cout << b.id << "  (" << b.family << ", " << unit_name(b.unit) << ")  paths:";
        for (const auto& p : b.paths) {
            std::cout << " " << p.name;
            if (!p.needs.empty()) {
                std::cout << "[";
                for (size_t i = 0; i < p.needs.size(); ++i)
                    std::cout << (i ? ", " : "") << need_name(p.needs[i]);
                std::cout << "]";
            }
        }
        std::cout << "\n";
    }
}

int run(const CliOptions& cli, const std::string& journal_file) {
    if (cli.list_benchmarks) {
        list_benchmarks();
        return kOk;
    }
    if (cli.list_sweeps) {
        list_sweeps(std::cout);
        return kOk;
    }
    if (!cli.roofline_report.empty()) return run_roofline_cli(cli) ? kFailed : kOk;
    if (!cli.compare.empty()) return run_compare_cli(cli);
    if (!cli.drop_recordings.empty()) return run_drop_recordings_cli(cli);
    if (!cli.stamp_code.empty()) return run_stamp_code_cli(cli);
    check_sweep_names(cli.sweeps);
    check_selection(cli);
    check_outputs(cli);
    const RunOptions opts = run_options_for(cli);
    if (cli.build_queue) return run_build_only_cli(cli, {}, select_benchmarks(cli.only), opts, {});
    // Started before this process's OpenCL (run/build_workers.hpp says why).
    const auto workers = start_build_workers(cli, opts);
    const auto all = list_devices();
    if (cli.list) {
        print_device_list(std::cout, all);
        return kOk;
    }
    if (!cli.resource_spec_file.empty()) {
        const auto devices = devices_under_test(all, cli.devices);
        write_output_file(cli.resource_spec_file, resource_spec_json(devices, device_slots()));
        std::cout << "wrote " << cli.resource_spec_file << ": " << devices.size()
                  << " device(s) as CTest resource '" << kResourceType << "', " << device_slots()
                  << " slots each (a perf case takes all of a device's slots):\n"
                  << describe_device_list(devices);
        if (cli.devices.empty() && devices.size() < all.size())
            std::cout << "left out: the CPU devices (name one to add it)\n";
        return kOk;
    }
    std::vector<std::string> specs = cli.devices;
    if (specs.empty() && !device_spec_from_env().empty()) specs.push_back(device_spec_from_env());
    const auto chosen = select_devices(all, specs);
    if (!cli.record) note_missing_baselines(baselines_dir(cli.baselines));
    const auto selection = select_benchmarks(cli.only);
    if (selection.empty()) throw UsageError("--only '" + cli.only + "' matches no benchmark");

    if (cli.record)
        for (size_t i = 0; i < chosen.size(); ++i)
            for (size_t j = 0; j < i; ++j)
                if (baseline_path("", chosen[i].facts) == baseline_path("", chosen[j].facts))
                    throw UsageError("devices " + std::to_string(chosen[j].index) + " and " +
                                     std::to_string(chosen[i].index) +
                                     " share one baseline file; record one of them, by index");
    if (workers) build_with_workers(*workers, chosen, opts);
    if (cli.build_only) return run_build_only_cli(cli, chosen, selection, opts, workers.get());
    const bool baseline_mode = cli.check || cli.record;

    const bool tty = isatty(STDERR_FILENO);
    std::optional<CrashJournal> journal;
    if (!journal_file.empty()) {
        journal.emplace(journal_file);
        std::cout << journal->resume_note() << std::flush;
    }
    ReporterList report;
    report.add(std::make_unique<ConsoleReporter>(
        std::cout, [&](size_t device) { return !journal || !journal->table_printed(device); }));
    if (!cli.json_file.empty()) report.add(std::make_unique<JsonReporter>(cli.json_file));
    if (!cli.csv_file.empty()) report.add(std::make_unique<CsvReporter>(cli.csv_file));
    int code = kOk;
    bool device_hung = false;
    for (const auto& entry : chosen) {
        // Owned by pointer so that a hung device's queue can be abandoned, not released.
        auto owned = std::make_unique<Session>(entry);
        Session& session = *owned;
        DeviceReport header;
        header.device_index = entry.index;
        header.facts = session.facts();
        header.caps = session.caps;
        header.cores = session.cores;
        if (!cli.sweeps.empty() || cli.check) {
            header.mode = cli.check ? "check" : "sweep";
            header.seed = opts.seed;
        }
        report.device(header);
        if (journal) journal->mark_table_printed(entry.index);
        if (baseline_mode) {
            code = worse(code, cli.check ? check_device(session, selection, opts, cli, tty, report)
                                         : record_device(session, selection, opts, cli, tty));
            if (code == kHung) {
                (void)owned.release();
                break;
            }
            continue;
        }
        if (!cli.sweeps.empty()) {
            bool failed = false, hung = false;
            report.section("sweeps", run_sweeps_cli(cli, session, opts, failed, hung));
            if (hung) {
                code = kHung;
                (void)owned.release();
                break;
            }
            if (failed) code = worse(code, kFailed);
            continue;
        }
        auto progress = [&](size_t done, size_t total, const Benchmark& next) {
            if (tty)
                std::cerr << "\r[" << done + 1 << "/" << total << "] " << next.id
                          << "                    " << std::flush;
        };
        // Read (and so validate) the list before spending time measuring.
        const auto known = known_failures_for(baselines_dir(cli.baselines), session.facts());
        std::string workers_line;
        DeviceReport r = run_table(session, selection, opts, cli, progress,
                                   journal ? journal->hooks(entry.index) : RunHooks{},
                                   workers.get(), workers_line);
        if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
        // Judged before it is reported, so that every reporter has a re-run flake's result;
        // the verdicts follow the table.
        std::ostringstream verdicts;
        code = worse(code, judge_results(session, r, known, opts, cli, verdicts));
        report.results(r);
        std::cout << verdicts.str();
        // A listed hang passes, but the device is left as busy as an unlisted one.
        for (const auto& x : r.results)
            device_hung = device_hung || x.measurement.status == Status::Timeout;
        if (cli.timing) print_benchmark_phases(std::cout, r);
        if (cli.timing && !workers_line.empty()) std::cout << workers_line << "\n";
        if (cli.timing && !device_hung) {
            try {
                const auto t = analysis::analyze_timing(session, opts);
                analysis::print_timing(std::cout, t, r);
                report.section("timing_analysis", analysis::timing_to_json(t, r));
            } catch (const std::exception& e) {
                std::cout << "timing analysis failed: " << e.what() << "\n";
                report.section("timing_analysis", {{"error", e.what()}});
                code = worse(code, kFailed);
            }
        }
        if (device_hung) { // a hung device may not accept more work
            (void)owned.release();
            break;
        }
    }
    report.section("run_time_s", phase_times_to_json(phase_times_since_start()));
    report.finish();
    print_run_time(std::cout, phase_times_since_start());
    journal.reset(); // the run is over: a crash from here on is not a benchmark's
    if (code == kHung || device_hung) {
        // A kernel still occupies the device: releasing its queue could block for as long as
        // the kernel runs, so leave without the destructors once the reports are written.
        std::cout.flush();
        std::cerr << "clgauge: a kernel did not finish in time; exiting without waiting for it\n";
        std::_Exit(code);
    }
    return code;
}

// Runs `body`, turning the errors a user can cause into messages and exit codes.
int guarded(const std::function<int()>& body) {
    try {
        return body();
    } catch (const UsageError& e) {
        std::cerr << "clgauge: " << e.what() << "\n\n" << usage_text();
        return kUsage;
    } catch (const UnknownDeviceError& e) {
        std::cerr << "clgauge: " << e.what();
        return kUsage;
    } catch (const NoPlatformError& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    } catch (const cl::Error& e) {
        std::cerr << "clgauge: OpenCL error " << e.what() << ": " << cl_error_name(e.err()) << "\n";
        return kUsage;
    } catch (const std::exception& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    }
}

} // namespace

int main(int argc, char** argv) {
    (void)clgauge::phase_times_since_start(); // the run's clock starts here
    return guarded([&] {
        const CliOptions cli = parse_cli(std::vector<std::string>(argv + 1, argv + argc));
        if (cli.help) {
            std::cout << usage_text();
            return int(kOk);
        }
        if (!runs_table(cli)) return run(cli, "");
        return run_supervised(
            [&](const std::string& journal) { return guarded([&] { return run(cli, journal); }); },
            kFailed);
    });
}
