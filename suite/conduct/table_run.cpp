#include "conduct/table_run.hpp"

#include "measure/phase_clock.hpp"
#include "process/build_pool.hpp"
#include "report/run_time.hpp"

#include <algorithm>
#include <iostream>

namespace clgauge {

DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, ProgressLine* progress, RunHooks hooks,
                       BuildWorkers* workers, std::string& workers_line) {
    BuildsBeside beside(session, workers, opts);
    beside.defer_pending(true); // run_all measures an entry put off after the others
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
            build_ahead(session, selection, opts, std::max(1u, opts.build.threads));
        }
        std::cout << "built the programs of " << selection.size() << " benchmark(s) for "
                  << entry.facts.name << "\n";
    }
    print_run_time(std::cout, phase_times_since_start());
}

} // namespace clgauge
