// One batch of timed launches and what the time budget pays for it, the one way every launch
// of a perf measurement is charged (calibrate_and_time, the measurement driver's probes).
#pragma once
#include "measure/timing.hpp"

namespace clgauge {

struct TimedBatch {
    Timings timings;
    // Its samples' host time and its warm-ups at their median, and at least the wall-clock
    // time the batch took: a harness's samples may leave out what each launch needs around
    // them (a mapping made and released around a timed copy), which the budget pays for too.
    double charged_s = 0;
    double wall_s = 0;
    int launches = 0; // warm-ups and samples
};

// `timed(warmups, reps)`, timed on the host's wall clock as well.
TimedBatch time_batch(const TimedLaunches& timed, int warmups, int reps);

} // namespace clgauge
