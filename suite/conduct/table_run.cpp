#include "conduct/table_run.hpp"

#include "core/background_work.hpp"
#include "core/phase_clock.hpp"
#include "process/worker_command.hpp"
#include "report/run_time.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

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

bool builds_beside_run(const std::vector<DeviceEntry>& devices, const RunOptions& opts) {
    bool any = false;
    for (const auto& d : devices) {
        if (!builds_with_workers(d.facts, opts)) continue;
        if (!d.facts.is_cpu()) return false;
        any = true;
    }
    return any;
}

void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts, bool table_follows) {
    std::vector<BuildWorkers::Device> handed;
    for (const auto& d : devices)
        if (builds_with_workers(d.facts, opts)) handed.push_back({d.index, d.facts.name});
    PhaseScope building(Phase::Build);
    workers.hand_out(handed);
    if (table_follows && builds_beside_run(devices, opts)) return;
    workers.finish();
    if (!handed.empty()) report_failed_workers(workers);
}

DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const Progress& progress, RunHooks hooks,
                       BuildWorkers* workers, std::string& workers_line) {
    if (!workers || !builds_with_workers(session.facts(), opts))
        return run_all(session, selection, opts, progress, hooks);
    const size_t device = session.entry.index;
    RunOptions run_opts = opts;
    // Each build is now a hit in the driver's cache, or waited for where the workers build
    // beside the run (a program no worker is left to build is built on demand); after a
    // failed worker, the run builds ahead in its own threads what the workers did not.
    const bool beside = workers->running();
    if (beside || workers->failures().empty()) run_opts.build_threads = 0;
    std::optional<BackgroundWorkScope> background;
    if (beside)
        background.emplace(BackgroundWork{.hold = [workers] { workers->hold(); },
                                          .release = [workers] { workers->release(); },
                                          .going = [workers] { return workers->going(); }});
    size_t served = 0;
    session.programs.set_build_observer([&](const std::string& key) {
        if (beside) (void)workers->wait_built(device, key);
        served += workers->built(device, key) ? 1 : 0;
    });
    DeviceReport r = run_all(session, selection, run_opts, progress, hooks);
    session.programs.set_build_observer({});
    if (beside) {
        background.reset();
        if (!workers->running()) report_failed_workers(*workers);
    }
    workers_line = "build workers: " + std::to_string(workers->started()) + " processes built " +
                   std::to_string(workers->built(device)) + " programs; the run took " +
                   std::to_string(served) + " of its builds from them";
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
