// The table's run on a device, with the build workers that build its programs beside it
// (process/build_workers.hpp, conduct/builds_beside.hpp), and the --build-only mode of the
// program that only builds.
#pragma once
#include "core/device.hpp"
#include "core/session.hpp"
#include "process/build_workers.hpp"
#include "run/run_all.hpp"

#include <memory>
#include <string>
#include <vector>

namespace clgauge {

// The build workers of a run that builds programs (build_worker_count of them, each
// `clgauge --build-only --build-queue` with the run's selection and settings:
// process/worker_command.hpp); started before this process's OpenCL, they wait for
// build_with_workers. Null when none started.
std::unique_ptr<BuildWorkers> start_build_workers(const std::vector<const Benchmark*>& selection,
                                                  const RunOptions& opts);

// Hands the workers the programs of the devices that build with them (builds_with_workers: the
// GPUs, PoCL), in the queue order `share` gives, and waits for them unless a measuring run
// follows, which goes on beside them (conduct/builds_beside.hpp); with no such device they end
// without building.
void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts, bool measuring_follows, QueueShare share = {});

// The table's run on one device (run_all), beside the build workers (conduct/builds_beside.hpp)
// where they build its programs; `workers_line` says what they did, for --timing (empty
// without).
DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const Progress& progress, RunHooks hooks,
                       BuildWorkers* workers, std::string& workers_line);

// clgauge --build-only: the selection's programs built on each device (on a GPU by the build
// workers, unless one failed), and the run's time line.
void build_only(const std::vector<DeviceEntry>& devices,
                const std::vector<const Benchmark*>& selection, const RunOptions& opts,
                BuildWorkers* workers);

} // namespace clgauge
