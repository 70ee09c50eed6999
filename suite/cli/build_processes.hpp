// The clgauge processes that build a run's programs while it measures (run/build_workers.hpp),
// and the --build-only mode each of them runs.
#pragma once
#include "cli/options.hpp"
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

// On a GPU (with more than one build thread allowed): build workers (run/build_workers.hpp),
// one per build thread and at most 16, each `clgauge --build-only --build-part K/N` on the
// device with the run's selection and path; none elsewhere (a CPU driver builds in threads).
std::unique_ptr<BuildWorkers>
start_build_workers_for_gpu(const Session& session, const CliOptions& cli, const RunOptions& opts);

// The table's run on one device (run_all). On a GPU, build workers compile the programs while
// it measures: each benchmark waits only for its own, an entry timed through the host for all
// of them, and they end before the run returns (or are abandoned when the device hung).
// `workers_line`: what they did, for --timing; empty without workers.
DeviceReport run_table(Session& session, const std::vector<const Benchmark*>& selection,
                       const RunOptions& opts, const CliOptions& cli, const Progress& progress,
                       RunHooks hooks, std::string& workers_line);

// clgauge --build-only [--build-part K/N]: the selection's programs built on each device, and
// the run's time line. With --build-part, the share K of N, one at a time at a lowered
// priority (the run that started it measures meanwhile), announced as build_notices says.
int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts);

} // namespace clgauge
