#include "cli/build_processes.hpp"

#include "core/phase_clock.hpp"
#include "report/run_time.hpp"
#include "run/run_all.hpp"

#include <algorithm>
#include <csignal>
#include <iostream>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>
#include <vector>

namespace clgauge {
namespace {

// What a worker needs to discover the run's programs as the run does.
std::vector<std::string> selection_arguments(const CliOptions& cli) {
    std::vector<std::string> args;
    if (!cli.only.empty()) args.insert(args.end(), {"--only", cli.only});
    if (cli.path) args.insert(args.end(), {"--path", *cli.path});
    if (cli.conformance) args.push_back("--conformance");
    if (cli.budget_ms) args.insert(args.end(), {"--budget-ms", std::to_string(*cli.budget_ms)});
    if (cli.seed) args.insert(args.end(), {"--seed", std::to_string(*cli.seed)});
    return args;
}

} // namespace

std::unique_ptr<BuildWorkers>
start_build_workers_for_gpu(const Session& session, const CliOptions& cli, const RunOptions& opts) {
    const unsigned parts = build_worker_count(session.facts().is_gpu(), opts);
    if (parts == 0) return nullptr;
    auto workers = std::make_unique<BuildWorkers>(
        "/proc/self/exe",
        build_worker_arguments(session.entry.index, parts, selection_arguments(cli)),
        std::max(opts.timeout_s, 120.0));
    if (workers->started() == 0) return nullptr; // the run builds ahead in its own threads
    return workers;
}

DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const CliOptions& cli, const Progress& progress,
                       RunHooks hooks, std::string& workers_line) {
    const auto workers = start_build_workers_for_gpu(session, cli, opts);
    if (!workers) return run_all(session, selection, opts, cli.path, progress, hooks);
    RunOptions run_opts = opts;
    run_opts.build_threads = 0; // the workers build ahead
    session.programs.set_build_wait([&](const std::string& key) { workers->await(key); });
    hooks.starting = [&, journal_starting = hooks.starting](const Benchmark& b) {
        if (b.host_timed) { // the host's cores are its instrument: the builds end first
            PhaseScope building(Phase::Build);
            workers->finish();
        }
        if (journal_starting) journal_starting(b);
    };
    DeviceReport r = run_all(session, selection, run_opts, cli.path, progress, hooks);
    session.programs.set_build_wait({});
    // What follows (re-runs, the timing analysis) has the host to itself.
    PhaseScope building(Phase::Build);
    const bool hung = std::any_of(r.results.begin(), r.results.end(), [](const auto& x) {
        return x.measurement.status == Status::Timeout;
    });
    if (hung) // the workers may hang with the device: they are not waited for
        workers->abandon();
    else
        workers->finish();
    workers_line = "build workers: " + std::to_string(workers->started()) + " processes built " +
                   std::to_string(workers->built()) + " programs; the run took " +
                   std::to_string(workers->answered()) + " of its builds from them";
    return r;
}

int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts) {
    if (cli.build_part) {
        // A worker of a run that measures meanwhile: the run's host work goes first, and a
        // worker whose run has ended (a crashed driver, a killed run) ends with it.
        (void)::nice(10);
        const pid_t run = ::getppid();
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != run) return 0;
        for (const auto& entry : devices) {
            Session session(entry);
            const auto [part, parts] = *cli.build_part;
            build_ahead(session, selection, opts, cli.path, 1, {}, part, parts,
                        build_notices(std::cout));
        }
        return 0;
    }
    for (const auto& entry : devices) {
        Session session(entry);
        if (auto workers = start_build_workers_for_gpu(session, cli, opts)) {
            PhaseScope building(Phase::Build);
            workers->finish();
        }
        build_ahead(session, selection, opts, cli.path, std::max(1u, opts.build_threads));
        std::cout << "built the programs of " << selection.size() << " benchmark(s) for "
                  << entry.facts.name << "\n";
    }
    print_run_time(std::cout, phase_times_since_start());
    return 0; // a build that failed is reported by its benchmark in the run
}

} // namespace clgauge
