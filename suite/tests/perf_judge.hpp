// One perf case's verdict: the entry timed on the test device and held against the device's
// baseline. Shared by the perf cases (which judge themselves when nothing measured them
// ahead) and the measuring program (perf_measure_main.cpp), which judges many in one process.
#pragma once
#include "perf_verdicts.hpp"
#include "types/benchmark.hpp"

#include <string>

namespace clgauge::test {

// Whether this run gates: a perf case that judged nothing against a baseline (no baseline for
// the device, or a metric it lacks) then fails instead of skipping. True under CTest resource
// allocation (a multi-device CI run) and where CLGAUGE_REQUIRE_BASELINE=1 (docs/ci.md's CI
// recipes); a newcomer's first run on a device without a baseline skips with the hint.
bool baseline_required();

// Measures `b` on the test device (device_fixture.hpp) and judges it; never throws.
PerfVerdict measure_and_judge(const Benchmark& b);

} // namespace clgauge::test
