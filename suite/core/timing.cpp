#include "core/timing.hpp"

#include "core/phase_clock.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <thread>

namespace clgauge {

void wait_for(const cl::Event& event, double timeout_s) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::duration<double>(timeout_s);
    auto nap = std::chrono::microseconds(2);
    for (;;) {
        cl_int status = event.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
        if (status == CL_COMPLETE) return;
        if (status < 0) throw cl::Error(status, "command failed on the device");
        if (clock::now() > deadline)
            throw KernelTimeout("command did not finish within " + std::to_string(timeout_s) +
                                " s; the device may be hung");
        std::this_thread::sleep_for(nap);
        nap = std::min(nap * 2, std::chrono::microseconds(2000));
    }
}

double event_seconds(const cl::Event& event) {
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return double(end - start) * 1e-9;
}

Timings time_launches(cl::CommandQueue& queue, const Enqueue& enqueue, int warmups, int reps,
                      double timeout_s) {
    // Launches timed while calibrating are calibration's; any other timing is measurement.
    PhaseScope timing(current_phase() == Phase::Calibrate ? Phase::Calibrate : Phase::Measure);
    for (int i = 0; i < warmups; ++i) {
        cl::Event e = enqueue(queue);
        queue.flush();
        wait_for(e, timeout_s);
    }
    std::vector<double> dev, host, queued, submitted;
    for (int i = 0; i < reps; ++i) {
        queue.finish();
        const auto t0 = std::chrono::steady_clock::now();
        cl::Event e = enqueue(queue);
        queue.flush();
        wait_for(e, timeout_s);
        const auto t1 = std::chrono::steady_clock::now();
        dev.push_back(event_seconds(e));
        host.push_back(std::chrono::duration<double>(t1 - t0).count());
        const auto q = e.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
        const auto sub = e.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
        const auto start = e.getProfilingInfo<CL_PROFILING_COMMAND_START>();
        queued.push_back(double(static_cast<int64_t>(sub - q)) * 1e-9);
        submitted.push_back(double(static_cast<int64_t>(start - sub)) * 1e-9);
    }
    return {summarize(dev), summarize(host), summarize(queued), summarize(submitted)};
}

int Budget::reps_for(double launch_s) const {
    if (launch_s <= 0) return max_reps;
    const double n = std::floor(seconds / launch_s);
    return static_cast<int>(std::clamp(n, double(min_reps), double(max_reps)));
}

namespace {
// A pinned launch (no rounds) is launched here for the first time: warm it up first.
int round_zero_warmups(int rounds) {
    return rounds == 0 ? 1 : 0;
}
} // namespace

Timings calibrate_and_time(const TimedLaunches& timed, const Budget& budget, int rounds,
                           const GrowLaunch& grow) {
    const double target = budget.launch_seconds();
    // The last launch of the shape that is timed: it sizes the timed launches and is their
    // warm-up, so neither is launched again (a contended atomic's launch takes 1.4 s).
    double launch = -1;
    {
        PhaseScope calibrating(Phase::Calibrate);
        for (int round = 0; round < rounds; ++round) {
            const double once = timed(round == 0 ? 1 : 0, 1).device.median;
            if (once >= target * 0.5 ||
                !grow(std::clamp(target / std::max(once, 1e-7), 2.0, 1024.0))) {
                launch = once;
                break;
            }
        }
        if (launch < 0) launch = timed(round_zero_warmups(rounds), 1).device.median;
    }
    PhaseScope measuring(Phase::Measure);
    return timed(0, budget.reps_for(launch));
}

bool grow_repeats(uint32_t& repeats, double factor, uint32_t most) {
    if (repeats >= most) return false;
    repeats = static_cast<uint32_t>(std::min<double>(repeats * factor, most));
    return true;
}

} // namespace clgauge
