#include "cli/build_processes.hpp"

#include "core/phase_clock.hpp"
#include "report/run_time.hpp"
#include "run/run_all.hpp"

#include <algorithm>
#include <csignal>
#include <iostream>
#include <map>
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

// A worker that failed costs only time (this process builds what the workers did not), but
// says why.
void report_failed_workers(const BuildWorkers& workers) {
    if (const std::string failed = workers.failures(); !failed.empty())
        std::cerr << "clgauge: build workers failed, the run builds what they did not: " << failed
                  << "\n";
}

// A build worker's life: the queue's first record is its go (before it, no OpenCL), then it
// builds, device by device, the programs whose records it draws.
void serve_build_queue(const CliOptions& cli, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts) {
    std::optional<BuildRecord> record = read_build_record(STDIN_FILENO);
    std::vector<DeviceEntry> all;
    while (record) {
        const size_t device = record->device;
        if (all.empty()) all = list_devices();
        if (device < all.size()) {
            Session session(all[device]);
            std::cout << "device " << device << " " << session.facts().name << std::endl;
            BuildProgress progress = build_notices(std::cout, device);
            progress.next = [&]() -> std::optional<size_t> {
                if (!record || record->device != device) return std::nullopt;
                const size_t program = record->program;
                record = read_build_record(STDIN_FILENO);
                return program;
            };
            build_ahead(session, selection, opts, 1, {}, progress);
        }
        // The rest of this device's records are past its programs (or name no device here).
        while (record && record->device == device)
            record = read_build_record(STDIN_FILENO);
    }
}

} // namespace

bool uses_build_workers(const CliOptions& cli) {
    return (cli.build_only && !cli.build_queue) || runs_table(cli);
}

std::unique_ptr<BuildWorkers> start_build_workers(const CliOptions& cli, const RunOptions& opts) {
    const unsigned count = uses_build_workers(cli) ? build_worker_count(opts) : 0;
    if (count == 0) return nullptr;
    auto workers = std::make_unique<BuildWorkers>(
        "/proc/self/exe", build_worker_arguments(count, selection_arguments(cli)),
        std::max(opts.timeout_s, 120.0));
    if (workers->started() == 0) return nullptr; // the run builds ahead in its own threads
    return workers;
}

void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts) {
    std::vector<BuildWorkers::Device> handed;
    for (const auto& d : devices)
        if (builds_with_workers(d.facts.is_gpu(), opts)) handed.push_back({d.index, d.facts.name});
    PhaseScope building(Phase::Build);
    workers.hand_out(handed);
    workers.finish();
    if (!handed.empty()) report_failed_workers(workers);
}

DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const CliOptions& cli, const Progress& progress,
                       RunHooks hooks, const BuildWorkers* workers, std::string& workers_line) {
    if (!workers || !builds_with_workers(session.facts().is_gpu(), opts))
        return run_all(session, selection, opts, progress, hooks);
    const size_t device = session.entry.index;
    RunOptions run_opts = opts;
    // Each build is now a hit in the driver's cache; after a failed worker, the run builds
    // ahead in its own threads what the workers did not.
    if (workers->failures().empty()) run_opts.build_threads = 0;
    size_t served = 0;
    session.programs.set_build_observer(
        [&](const std::string& key) { served += workers->built(device, key) ? 1 : 0; });
    DeviceReport r = run_all(session, selection, run_opts, progress, hooks);
    session.programs.set_build_observer({});
    workers_line = "build workers: " + std::to_string(workers->started()) + " processes built " +
                   std::to_string(workers->built(device)) + " programs; the run took " +
                   std::to_string(served) + " of its builds from them";
    return r;
}

int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts,
                       const BuildWorkers* workers) {
    if (cli.build_queue) {
        // A worker of a run, which waits for it: it ends with the run (a crashed driver, a
        // killed run).
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        serve_build_queue(cli, selection, opts);
        return 0;
    }
    for (const auto& entry : devices) {
        if (workers && builds_with_workers(entry.facts.is_gpu(), opts) &&
            workers->failures().empty()) {
            // The driver's cache has what they built: nothing is left to do here.
            std::cout << "build workers: " << workers->started() << " processes built "
                      << workers->built(entry.index) << " programs\n";
        } else { // no workers, or one failed: what they did not build is built here
            Session session(entry);
            build_ahead(session, selection, opts, std::max(1u, opts.build_threads));
        }
        std::cout << "built the programs of " << selection.size() << " benchmark(s) for "
                  << entry.facts.name << "\n";
    }
    print_run_time(std::cout, phase_times_since_start());
    return 0; // a build that failed is reported by its benchmark in the run
}

} // namespace clgauge
