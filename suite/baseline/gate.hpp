// What a perf verdict gates on, per unit, and how far from the baseline it lets a figure
// move. Rates: the median of the samples. Latencies: a low quantile, which leaves out the
// host's heavy right tail (interrupts, scheduling) where a device or driver that really got
// slower moves the whole distribution, its fastest launches included.
//
// The tolerance is a model, not the spread of whoever recorded (baseline/pool.hpp): one
// machine's repeatability, from its recording's rounds and the steady-state samples, plus
// twice the spread between the machines of the kind that recorded, learned where at least
// kLearnedMachines did; a host judged against its own recording gets its own repeatability
// alone (baseline/check.hpp).
#pragma once
#include "types/benchmark.hpp"

#include <string>

#include <vector>

namespace clgauge {

// The quantile a latency gates on: low enough to leave the host's tail out, high enough that
// one lucky launch (the minimum) does not decide.
constexpr double kLatencyQuantile = 0.10;

// No pool of machines is trusted to agree closer than this.
constexpr double kToleranceFloor = 0.02;
// No machine is trusted to repeat itself closer than this (the floor of a recording's own
// tolerance, clgauge --record --tolerance-floor).
constexpr double kOwnToleranceFloor = 0.01;
// The machines of a kind whose spread the pooled tolerance learns from; with fewer, the spread
// seen so far is no estimate of the next machine's and the tolerance is at least
// kUnlearnedTolerance.
constexpr unsigned kLearnedMachines = 4;
constexpr double kUnlearnedTolerance = 0.05;
// Above this the spread is noise, not a measurement; the verdict would gate on nothing. A
// baseline that asks for more is refused where it is read (baseline/schema.cpp).
constexpr double kToleranceCap = 0.5;

// "p10" for latencies, "median" for rates.
const char* gate_statistic(Unit u);
// The gate statistic of `samples` (0 when empty).
double gate_value(Unit u, const std::vector<double>& samples);
// Linear-interpolated quantile q in [0, 1] of `samples` (0 when empty).
double quantile(std::vector<double> samples, double q);
// The slowdown a driver team asks the gate to catch on every metric: the device's work taking
// 10% longer (a rate divided by 1.10, a latency times 1.10).
constexpr double kSensitivityTarget = 0.10;
// The rows it is asked to catch a 3% slowdown on as well: the device's own compute,
// tensor-core, memory (device, on-chip, image) and cache rates (scripts/gate-trial plants 1.03x
// into the same rows). Not the atomics, barriers, copies, maps, launches and latencies.
constexpr const char* kTightRows = "fp*,int*,dp4a*,mma.*,sum.*,mod.*,tnn.*,subgroup.*,mem.*,stream."
                                   "*,local.*,image.*,cache.*,constant.*";
constexpr double kTightSensitivityTarget = 0.03;
// The slowdown the gate is asked to catch on metric `id`.
double sensitivity_target(const std::string& id);
// The least tolerance a machine judged against the pool gets on `id`: kToleranceFloor on the
// tight rows; elsewhere half the slowdown it must catch, since a machine of the kind that did
// not record reads an atomic or a pinned copy a few percent off every pooled machine (its host,
// its board), which a floor of 2% failed, while a tolerance of half the target still catches
// the target.
double pool_tolerance_floor(const std::string& id);

// The smallest slowdown (the work taking 1 + s times as long) that `tolerance` lets fail: for a
// rate, which gates on the figure falling by more than the tolerance, t / (1 - t); for a
// latency, t itself. A metric whose smallest caught slowdown exceeds kSensitivityTarget is
// blind to it.
double smallest_caught(Unit u, double tolerance);

} // namespace clgauge
