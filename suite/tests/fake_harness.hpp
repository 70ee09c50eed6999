// A harness for the measurement driver's cases without a device: its launches take a known
// time, and it counts every launch it made.
#pragma once
#include "measure/measurement_driver.hpp"

#include <cstdint>
#include <vector>

namespace clgauge::test {

// A harness whose launch takes `fixed` seconds plus `per_repeat` for each repeat, on the
// device's clock and the host's alike; `extra_reps` planted: it times that many launches more
// than it is asked for.
struct FakeHarness {
    double fixed = 0, per_repeat = 0;
    uint32_t repeats = 1, most = 1u << 20;
    int extra_reps = 0;
    int launches = 0; // every launch it made, warm-ups too

    double launch_s() const { return fixed + per_repeat * repeats; }
    KernelHarness parts() {
        KernelHarness h;
        h.timed = [this](int warmups, int reps) {
            reps += extra_reps;
            launches += warmups + reps;
            Timings t;
            t.device = summarize(std::vector<double>(size_t(reps), launch_s()));
            t.host = t.device;
            return t;
        };
        h.sizing.grow = [this](double factor) { return grow_repeats(repeats, factor, most); };
        return h;
    }
};

// What the fake harness's launches really took: its own count at its launch time (the
// launches are all of the last shape at most, so this is an upper bound).
inline double real_seconds(const FakeHarness& f) {
    return f.launches * f.launch_s();
}

} // namespace clgauge::test
