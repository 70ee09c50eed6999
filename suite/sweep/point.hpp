// One sweep point: a benchmark run in perf mode on a short budget (the stream, cache, chase
// and local-banks sweeps; the fma sweeps size their budget from the launch instead).
#pragma once
#include "sweep/sweep.hpp"

namespace clgauge::sweep {

// How long a point is timed: `seconds` of launches (`short_seconds` in short mode), at least
// 5 launches (3 in short mode) and at most `max_reps`.
struct PointBudget {
    double seconds, short_seconds;
    int max_reps;
};
// The bandwidth sweeps (stream, stream-strided, cache, local-banks): 30 ms of launches (10 ms
// in short mode), at most 50; calibration makes each launch at least 1.5 ms (0.5 ms).
constexpr PointBudget kBandwidthPoint{0.03, 0.01, 50};

// settings.base in perf mode, timed as `budget` says.
RunOptions point_options(const Settings& settings, const PointBudget& budget = kBandwidthPoint);
// Runs `b` with `o`; y is its rate, 0 when it failed.
Point measure_point(Session& s, const Benchmark& b, double x, const RunOptions& o);

} // namespace clgauge::sweep
