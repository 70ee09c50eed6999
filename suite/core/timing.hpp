// Timing OpenCL commands: event profiling (START..END) as the figure, the host clock beside it.
#pragma once
#include "core/opencl.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>

namespace clgauge {

// A command that did not finish within its deadline: the device is presumed hung.
struct KernelTimeout : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Polls until the event completes, failing on error status or when timeout_s passes
// (clWaitForEvents has no deadline, and a hung kernel must not hang the suite).
void wait_for(const cl::Event& event, double timeout_s);
double event_seconds(const cl::Event& event); // END - START

struct Timings {
    Stats device; // profiling START..END per launch, seconds
    Stats host;   // steady_clock around enqueue .. completion, seconds
    // The stages before START (seed 001): QUEUED..SUBMIT (host side, until the command is
    // handed to the device) and SUBMIT..START (waiting on the device), seconds.
    Stats queued_to_submit, submit_to_start;
};

using Enqueue = std::function<cl::Event(cl::CommandQueue&)>;

// Warm-up launches, then `reps` timed ones, one at a time.
Timings time_launches(cl::CommandQueue& queue, const Enqueue& enqueue, int warmups, int reps,
                      double timeout_s);

// How long to spend measuring one benchmark.
struct Budget {
    double seconds = 0.1; // total timed device time to aim for
    int min_reps = 5, max_reps = 100;
    // A harness whose launches have a fixed cost (ramp-up and tail) sets a floor on the aim.
    double min_launch_seconds = 0;
    // The aim of one calibrated launch.
    double launch_seconds() const { return std::max(seconds / 10.0, min_launch_seconds); }
    int reps_for(double launch_s) const;
};

// Perf-mode timing with calibration. `timed(warmups, reps)` times launches as they stand;
// `grow(factor)` makes one launch about `factor` times longer (more repeats, more work-groups)
// and returns false when it cannot. Up to `rounds` times, one launch is timed and grown while
// it takes less than half of budget.launch_seconds(); then budget.reps_for(one launch)
// launches are timed. The last calibration launch, of the shape then timed, is their warm-up
// (a launch grown in the last round, or a pinned one, is launched once more first).
using TimedLaunches = std::function<Timings(int warmups, int reps)>;
using GrowLaunch = std::function<bool(double factor)>;
Timings calibrate_and_time(const TimedLaunches& timed, const Budget& budget, int rounds,
                           const GrowLaunch& grow);

// Multiplies `repeats` by `factor`, up to `most`; false when it already is `most`.
bool grow_repeats(uint32_t& repeats, double factor, uint32_t most);

} // namespace clgauge
