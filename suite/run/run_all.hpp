// Runs a selection of benchmarks on one device, in registry order, into a DeviceReport.
#pragma once
#include "run/progress_line.hpp"
#include "types/results.hpp"
#include "types/run_options.hpp"

#include <functional>
#include <optional>
#include <string>

namespace clgauge {

// Lets a run survive a crashing driver (process/crash_journal.hpp): each benchmark is announced
// before it runs and recorded after; `earlier` supplies the results a previous process of
// the same run already has, which are then not run again.
struct RunHooks {
    std::function<std::optional<Measurement>(const Benchmark&)> earlier;
    std::function<void(const Benchmark&)> starting;
    std::function<void(const Benchmark&, const Measurement&)> finished;
};

// Builds the first program of every selected benchmark that has a path on the device, `threads`
// at a time, before any of them runs: a cold driver compiles for seconds, and one at a time
// those seconds add up (RunOptions::build.threads; clgauge --build-only).
void build_ahead(Session& session, const std::vector<const Benchmark*>& selection,
                 const RunOptions& options, unsigned threads, const RunHooks& hooks = {},
                 const BuildProgress& progress = {});

// Every entry measured through the one loop (run/measure_each.hpp): after a hang the rest are
// reported as errors without being launched. An entry whose program a build worker is still
// compiling (BuildPending, where the run's build pool puts entries off) is measured after the
// others; the report keeps the selection's order. `progress` null: no progress line.
DeviceReport run_all(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& options, ProgressLine* progress = nullptr,
                     const RunHooks& hooks = {});

} // namespace clgauge
