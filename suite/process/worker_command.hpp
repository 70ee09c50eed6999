// The command line of a build worker: the one place a run's selection and settings become a
// worker's arguments. The program's parser (cli/options) reads them back; a unit test holds
// the two to a round trip.
#pragma once
#include "types/benchmark.hpp"
#include "types/run_options.hpp"

#include <string>
#include <vector>

namespace clgauge {

// The flags that make a clgauge process a build worker (cli/options parses them).
inline constexpr const char* kBuildOnlyFlag = "--build-only";
inline constexpr const char* kBuildQueueFlag = "--build-queue";

// "clgauge --build-only --build-queue --only ID,ID,... [--path P] [--conformance]
// --budget-ms N --seed N": what a worker needs to discover the run's programs as the run
// does (the CLGAUGE_* settings reach it through the environment it inherits).
std::vector<std::string> build_worker_command(const std::vector<const Benchmark*>& selection,
                                              const RunOptions& opts);

} // namespace clgauge
