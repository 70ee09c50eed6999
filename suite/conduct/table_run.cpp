#include "conduct/table_run.hpp"

#include "conduct/builds_beside.hpp"
#include "core/phase_clock.hpp"
#include "process/worker_command.hpp"
#include "report/run_time.hpp"

#include <algorithm>
#include <iostream>

namespace clgauge {
namespace {

// A worker that failed costs only time (this process builds what the workers did not), but
// says why.
void report_failed_workers(BuildWorkers& workers) {
    if (const std::string failed = workers.failures(); !failed.empty())
        std::cerr << "clgauge: build workers failed, the run builds what they did not: " << failed
                  << "\n";
}

} // namespace

std::unique_ptr<BuildWorkers> start_build_workers(const std::vector<const Benchmark*>& selection,
                                                  const RunOptions& opts) {
    const unsigned count = build_worker_count(opts);
    if (count == 0) return nullptr;
    const std::vector<std::vector<std::string>> argvs(count, build_worker_command(selection, opts));
    auto workers =
        std::make_unique<BuildWorkers>("/proc/self/exe", argvs, std::max(opts.timeout_s, 120.0));
    if (workers->started() == 0) return nullptr; // the run builds ahead in its own threads
    return workers;
}

void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts, bool measuring_follows, QueueShare share) {
    std::vector<BuildWorkers::Device> handed;
    for (const auto& d : devices)
        if (builds_with_workers(d.facts, opts)) handed.push_back({d.index, d.facts.name});
    PhaseScope building(Phase::Build);
    workers.hand_out(handed, share);
    if (measuring_follows && !handed.empty()) return; // BuildsBeside waits for each build
    workers.finish();
    if (!handed.empty()) report_failed_workers(workers);
}

DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const Progress& progress, RunHooks hooks,
                       BuildWorkers* workers, std::string& workers_line) {
    const BuildsBeside beside(session, workers, opts);
    DeviceReport r = run_all(session, selection, beside.options(), progress, hooks);
    workers_line = beside.line();
    return r;
}

void build_only(const std::vector<DeviceEntry>& devices,
                const std::vector<const Benchmark*>& selection, const RunOptions& opts,
                BuildWorkers* workers) {
    for (const auto& entry : devices) {
        if (workers && builds_with_workers(entry.facts, opts) && workers->failures().empty()) {
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
}

} // namespace clgauge
