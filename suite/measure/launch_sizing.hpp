// How a perf launch is sized to the time budget: the one calibration rule. Every harness's
// launch goes through it (calibrate_and_time), whether it grows (more repeats), is cut (fewer
// bytes) or keeps a floor on its work (a chain long enough for its fixed cost to stay small).
#pragma once
#include "types/budget.hpp"

#include <functional>

namespace clgauge {

// Makes one launch about `factor` times as long and returns false when it cannot.
using GrowLaunch = std::function<bool(double factor)>;

// How one harness's launch may be reshaped. What the rule does with it is
// calibration_reshape's; the harness says only what it can do.
struct LaunchSizing {
    // Longer (`factor` > 1): more repeats or work-groups. Unset, or `pinned`: timed as it stands.
    GrowLaunch grow;
    // Shorter (`factor` < 1): a transfer's bytes, an array's units.
    GrowLaunch shrink;
    // How many times longer the launch must get before its figure means what it says (a chain
    // whose fixed cost per launch must stay small): growth by it reaches the floor. 1 or less
    // once there; unset, no floor.
    std::function<double()> short_of_floor;
    bool pinned = false;
    // The test-only slowdown as that many back-to-back launches per sample, for kernels
    // without a repeat count (else the kernel runs MeasurementDriver::launched_repeats()).
    bool slowdown_relaunches = false;
};

// Calibration rounds at most: a launch whose fixed cost is most of it grows by less than it was
// asked each round.
constexpr int kCalibrationRounds = 12;

// The rule, for one launch that took `device_s` on the device and `host_s` on the host's clock:
// the factor its shape is to change by (1: keep it).
//   - longer than a fifth below Budget::most_launch_seconds() (the launches after a probe that
//     fits just under the most vary): cut to the aim, Budget::launch_seconds(), where it can be;
//   - shorter than half the aim, and growable: grown to the aim (2x to 1024x a round), unless
//     the host already waits the aim for it (a clock that reports nanoseconds for a launch the
//     host waits milliseconds for must not grow the work further);
//   - short of its floor, and growable: grown toward it, as far as a fifth below the most, in
//     steps of at least a quarter (a smaller step is lost to rounding a count).
double calibration_reshape(double device_s, double host_s, const Budget& budget,
                           const LaunchSizing& sizing);

} // namespace clgauge
