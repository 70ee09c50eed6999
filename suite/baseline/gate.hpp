// What a perf verdict gates on, per unit. Rates: the median of the samples. Latencies: a low
// quantile, plus an absolute slack where the host clock times them, because a launch latency is a
// property of the host as much as of the device (CPU, OS, PCIe): machines of one kind move its
// median by a fifth in its heavy right tail (interrupts, scheduling), while a device or driver
// that really got slower moves the whole distribution, its fastest launches included.
#pragma once
#include "types/benchmark.hpp"

#include <vector>

namespace clgauge {

// The quantile a latency gates on: low enough to leave the host's tail out, high enough that
// one lucky launch (the minimum) does not decide.
constexpr double kLatencyQuantile = 0.10;

// The tolerance floor: no device is trusted to repeat itself closer than this.
constexpr double kToleranceFloor = 0.05;
// Above this the spread is noise, not a measurement; the verdict would gate on nothing. A
// baseline that asks for more is refused where it is read (baseline/schema.cpp).
constexpr double kToleranceCap = 0.5;

// "p10" for latencies, "median" for rates.
const char* gate_statistic(Unit u);
// The gate statistic of `samples` (0 when empty).
double gate_value(Unit u, const std::vector<double>& samples);
// Linear-interpolated quantile q in [0, 1] of `samples` (0 when empty).
double quantile(std::vector<double> samples, double q);
// The relative tolerance a verdict applies: the recorded one, for a latency with an absolute
// slack (EntryHeader::gate_slack_s) widened to that slack at `reference` seconds, never above
// kToleranceCap (a doubling always fails).
double effective_tolerance(Unit u, double recorded, double reference, double slack_seconds);

// The slowdown a driver team asks the gate to catch on every metric: the device's work taking
// 10% longer (a rate divided by 1.10, a latency times 1.10).
constexpr double kSensitivityTarget = 0.10;

// The smallest slowdown (the work taking 1 + s times as long) that `tolerance` lets fail: for a
// rate, which gates on the figure falling by more than the tolerance, t / (1 - t); for a
// latency, t itself. A metric whose smallest caught slowdown exceeds kSensitivityTarget is
// blind to it.
double smallest_caught(Unit u, double tolerance);

} // namespace clgauge
