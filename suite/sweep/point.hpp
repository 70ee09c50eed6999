// One sweep point: a benchmark run in perf mode on a short budget (the stream, cache, chase
// and local-banks sweeps; the fma sweeps size their budget from the launch instead).
#pragma once
#include "sweep/sweep.hpp"

namespace clgauge::sweep {

// settings.base in perf mode, `seconds` of timed launches (`short_seconds` in short mode),
// at least 5 launches (3 in short mode) and at most `max_reps`.
RunOptions point_options(const Settings& settings, double seconds, double short_seconds,
                         int max_reps);
// Runs `b` with `o`; y is its rate, 0 when it failed.
Point measure_point(Session& s, const Benchmark& b, double x, const RunOptions& o);

} // namespace clgauge::sweep
