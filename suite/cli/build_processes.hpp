// The clgauge processes that build a run's programs before it measures
// (run/build_workers.hpp), and the --build-only mode each of them runs.
#pragma once
#include "cli/options.hpp"
#include "core/device.hpp"
#include "core/session.hpp"
#include "registry/registry.hpp"
#include "run/build_workers.hpp"
#include "run/run_all.hpp"
#include "types/run_options.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace clgauge {

// Whether the command builds programs for a table (or --build-only) and so may use workers.
bool uses_build_workers(const CliOptions& cli);

// The build workers of such a command (run/build_workers.hpp), build_worker_count of them,
// each `clgauge --build-only --build-queue` with the run's selection and path; started before
// this process's OpenCL, they wait for build_with_workers. Null when the command uses none or
// none started.
std::unique_ptr<BuildWorkers> start_build_workers(const CliOptions& cli, const RunOptions& opts);

// Hands the workers the programs of the devices that build with them (builds_with_workers: the
// GPUs) and waits for them; with no such device they end without building.
void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts);

// The table's run on one device (run_all). On a device the workers built for, its builds are
// hits in the driver's cache; `workers_line` says what they did, for --timing (empty without).
DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const CliOptions& cli, const Progress& progress,
                       RunHooks hooks, const BuildWorkers* workers, std::string& workers_line);

// clgauge --build-only [--build-queue]: the selection's programs built on each device (on a GPU
// by the build workers), and the run's time line. With --build-queue, one build worker: the
// programs whose records it reads from standard input (build_workers.hpp), one at a time, each
// announced as build_notices says.
int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts,
                       const BuildWorkers* workers);

} // namespace clgauge
