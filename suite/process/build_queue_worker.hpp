// A build worker's life (clgauge --build-only --build-queue; build_workers.hpp): the queue's
// first record is its go (before it, no OpenCL), then it builds, device by device, the
// programs whose records it draws, announcing each (build_notices). It ends with the run that
// started it.
#pragma once
#include "types/benchmark.hpp"
#include "types/run_options.hpp"

#include <vector>

namespace clgauge {

void serve_build_queue(const std::vector<const Benchmark*>& selection, const RunOptions& opts);

} // namespace clgauge
