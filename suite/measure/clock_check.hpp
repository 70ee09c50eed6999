// Holding the device's profiling clock against the host's: a driver may advertise profiling
// and return timestamps that do not measure anything (constant stamps, a clock that stands
// still). Such times would turn any launch into an impossible rate, and a calibration that
// trusts them grows the work without bound; the host clock of the same launches says so.
#pragma once
#include "core/opencl.hpp"

#include <optional>
#include <string>
#include <vector>

namespace clgauge {

struct Timings;

// One launch as both clocks saw it: the host's steady clock around it (seconds) and the
// device's START and END stamps (nanoseconds).
struct ClockSample {
    double host_begin = 0, host_end = 0;
    cl_ulong start = 0, end = 0;
};

// A device time that is less than this share of the same launch's host round trip is not a
// time: no launch reaches the device, runs and reports back in a ten-thousandth of the time
// the host waited for it.
constexpr double kFarBelowHost = 1e-4;
// Two launches the host saw at least this far apart (seconds) must be at least half as far
// apart on the device's clock; closer ones judge nothing (timer resolution, clock skew).
constexpr double kLeastJudgedGap = 1e-3;

// Why the device's stamps cannot time these launches (in launch order), or nullopt when
// nothing speaks against them.
std::optional<std::string> device_clock_problem(const std::vector<ClockSample>& launches);

// Calibration's check: the work grew until the host's time for one launch grew at least
// eightfold, but the device's time for it did not even double. Times of the first and the
// last calibration launch, in seconds.
std::optional<std::string> growth_problem(double device_first, double host_first,
                                          double device_last, double host_last);

// The check for figures timed outside time_launches (a harness's own launch loop), which
// leaves only the medians: a device median far below the host's puts the figure on the host
// clock.
void check_figure_clock(Timings& t);

// The figure's times replaced by the host's for the same launches, and why.
void time_with_host_clock(Timings& t, const std::string& why);

} // namespace clgauge
