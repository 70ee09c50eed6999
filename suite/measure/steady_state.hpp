// Where a run of timed samples reaches its steady state: a copy engine, a driver's staging
// buffers or a clock ramp up over the first launches, and a figure that keeps those samples
// reports the warm-up, not the device (one recording of a pinned copy ramped 23.5 -> 55 GB/s
// over its first samples, which set a 50% tolerance on a route that varies by 1% once warm).
#pragma once
#include <cstddef>
#include <vector>

namespace clgauge {

// How far a leading sample may lie above the steady state before it counts as warm-up: this
// many robust deviations (1.4826 MAD) of the later samples, and never less than
// kWarmupLeastSlower of their median (a steady run with a tiny spread keeps its first samples).
constexpr double kWarmupDeviations = 4.0;
constexpr double kWarmupLeastSlower = 0.02;
// The rule needs this many samples to tell a ramp from noise; fewer are kept as they are.
constexpr size_t kWarmupLeastSamples = 6;

// The number of leading samples of `times` (seconds, in the order they were taken) that are the
// warm-up: the longest run from the first that is each slower than the steady state (the
// median of the second half, which the warm-up does not reach) by more than the bound above.
// At most half of the samples; a slow sample after a steady one is noise, not warm-up.
size_t warmup_samples(const std::vector<double>& times);

} // namespace clgauge
