// The table's run on a device, with the build workers that build its programs beside it
// (process/build_pool.hpp), and the --build-only mode of the program that only builds.
#pragma once
#include "core/device.hpp"
#include "core/session.hpp"
#include "process/build_workers.hpp"
#include "run/run_all.hpp"

#include <memory>
#include <string>
#include <vector>

namespace clgauge {

// The table's run on one device (run_all), beside the build workers (process/build_pool.hpp)
// where they build its programs; `workers_line` says what they did, for --timing (empty
// without).
DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, ProgressLine* progress, RunHooks hooks,
                       BuildWorkers* workers, std::string& workers_line);

// clgauge --build-only: the selection's programs built on each device (on a GPU by the build
// workers, unless one failed), and the run's time line.
void build_only(const std::vector<DeviceEntry>& devices,
                const std::vector<const Benchmark*>& selection, const RunOptions& opts,
                BuildWorkers* workers);

} // namespace clgauge
