// Timing OpenCL commands: event profiling (START..END) as the figure, the host clock beside it.
#pragma once
#include "core/opencl.hpp"
#include "measure/launch_sizing.hpp"
#include "types/budget.hpp"
#include "types/timings.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace clgauge {

// A command that did not finish within its deadline: the device is presumed hung.
struct KernelTimeout : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Polls until the event completes, failing on error status or when timeout_s passes
// (clWaitForEvents has no deadline, and a hung kernel must not hang the suite); the watchdog
// (measure/watchdog.hpp) ends a query the driver does not return from.
void wait_for(const cl::Event& event, double timeout_s);
double event_seconds(const cl::Event& event); // END - START

using Enqueue = std::function<cl::Event(cl::CommandQueue&)>;

// clFinish under the watchdog: a driver may block in it for as long as a kernel runs.
void finish_within(cl::CommandQueue& queue, double timeout_s);

// Warm-up launches, then `reps` timed ones, one at a time. The device's stamps of all of them
// are held against the host clock (measure/clock_check.hpp): where they cannot be times, the
// figure is the host's and `clock` says so.
Timings time_launches(cl::CommandQueue& queue, const Enqueue& enqueue, int warmups, int reps,
                      double timeout_s);

// Perf-mode timing with calibration. `timed(warmups, reps)` times launches as they stand. One
// launch (after a warm-up) is timed and reshaped by the one calibration rule
// (calibration_reshape: grown to the aim, cut below the most, grown toward its floor) until the
// rule keeps it, at most kCalibrationRounds times; then budget.reps_for(that launch) launches
// make the figure. The last calibration launch, of the shape then timed, is their first sample
// (a launch reshaped in the last round is warmed up once first), and the count is cut to what
// the bound leaves, never below budget.min_reps samples (so the bound holds wherever a launch
// can be made as short as the aim). Device times that did not follow the growth put the
// measurement on the host clock. The samples' warm-up (measure/steady_state.hpp) is left out
// and as many samples taken again. `ledger`, when given, is charged with every launch.
using TimedLaunches = std::function<Timings(int warmups, int reps)>;
Timings calibrate_and_time(const TimedLaunches& timed, const Budget& budget,
                           const LaunchSizing& sizing, BudgetLedger* ledger = nullptr);

// `t` with its warm-up left out (measure/steady_state.hpp) and `more(n)`'s samples in place of
// the n left out, so that the statistic has the count it was sized for: a ramp at the start is
// the warm-up's (a copy engine, staging buffers, a clock), not the device's.
Timings at_steady_state(Timings t, const std::function<Timings(int count)>& more);
// `t` with its warm-up left out and nothing taken again: for a harness that counts its own
// launches (thousands of them, sized and given their output slots for one batch).
Timings without_warmup(Timings t);

// Multiplies `repeats` by `factor` to the nearest count, up to `most`; false when that leaves it
// as it is (already `most`, or a factor too small for the count).
bool grow_repeats(uint32_t& repeats, double factor, uint32_t most);

// Like time_launches, with `count` back-to-back launches per timed sample (the test-only
// slowdown, RunOptions::test.slowdown): the sample is the first START to the last END.
Timings time_kernel(cl::CommandQueue& queue, const Enqueue& enqueue, unsigned count, int warmups,
                    int reps, double timeout_s);

} // namespace clgauge
