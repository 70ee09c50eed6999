// Runs a selection of benchmarks on one device, in registry order, into a DeviceReport.
#pragma once
#include "types/run_options.hpp"
#include "types/results.hpp"

#include <functional>
#include <optional>
#include <string>

namespace clgauge {

using Progress = std::function<void(size_t done, size_t total, const Benchmark& next)>;

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
// those seconds add up (RunOptions::build_threads; clgauge --build-only).
void build_ahead(Session& session, const std::vector<const Benchmark*>& selection,
                 const RunOptions& options, unsigned threads, const RunHooks& hooks = {},
                 const BuildProgress& progress = {});

// Calls `measure` with 0 .. n-1 in order; a position whose measuring threw BuildPending (a build
// worker is still compiling a program it asks for) is measured again after the others, in
// order, until none is left. `stop` (where given) is asked before each call and ends it.
void measure_putting_off(size_t n, const std::function<void(size_t)>& measure,
                         const std::function<bool()>& stop = {});

// Stops early only when the device hangs (a timeout): the rest are reported as errors
// without being launched, since the queue can no longer be trusted. An entry whose program a
// build worker is still compiling (BuildPending, where the run's build pool puts entries off)
// is measured after the others; the report keeps the selection's order.
DeviceReport run_all(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& options, const Progress& progress = {},
                     const RunHooks& hooks = {});

} // namespace clgauge
