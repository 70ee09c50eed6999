// Runs a selection of benchmarks on one device, in registry order, into a DeviceReport.
#pragma once
#include "report/results.hpp"

#include <functional>
#include <optional>
#include <string>

namespace clgauge {

// Options shared by the clgauge program and the tests, from the environment:
// CLGAUGE_BUDGET_MS (measured time per benchmark), CLGAUGE_TEST_SLOWDOWN (test-only).
RunOptions run_options_from_env(Mode mode);

using Progress = std::function<void(size_t done, size_t total, const Benchmark& next)>;

// Stops early only when the device hangs (a timeout): the rest are reported as errors
// without being launched, since the queue can no longer be trusted.
DeviceReport run_all(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& options, const std::optional<std::string>& forced_path,
                     const Progress& progress = {});

} // namespace clgauge
