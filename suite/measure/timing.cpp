#include "measure/timing.hpp"

#include "measure/timed_batch.hpp"

#include "base/env.hpp"
#include "measure/clock_check.hpp"
#include "measure/phase_clock.hpp"
#include "measure/steady_state.hpp"
#include "measure/watchdog.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <thread>

namespace clgauge {

void wait_for(const cl::Event& event, double timeout_s) {
    using clock = std::chrono::steady_clock;
    const WatchdogScope watch(timeout_s, "clGetEventInfo (waiting for a command to complete)");
    // Test hook (label cli): a driver that blocks inside the status query, as one does for a
    // kernel's whole run; only the watchdog can end it.
    static const bool blocking_wait = env_text("CLGAUGE_TEST_BLOCKING_WAIT") == "1";
    while (blocking_wait)
        std::this_thread::sleep_for(std::chrono::seconds(1));
    // Test hook (label cli): a kernel that never finishes while the driver answers every
    // status query at once; the wait ends at its deadline.
    static const bool never_complete = env_text("CLGAUGE_TEST_HUNG_KERNEL") == "1";
    const auto deadline = clock::now() + std::chrono::duration<double>(timeout_s);
    auto nap = std::chrono::microseconds(2);
    for (;;) {
        cl_int status = event.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
        if (status == CL_COMPLETE && !never_complete) return;
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

void finish_within(cl::CommandQueue& queue, double timeout_s) {
    const WatchdogScope watch(timeout_s, "clFinish");
    queue.finish();
}

namespace {
double since_start(std::chrono::steady_clock::time_point t) {
    static const auto start = std::chrono::steady_clock::now();
    return std::chrono::duration<double>(t - start).count();
}
} // namespace

Timings time_launches(cl::CommandQueue& queue, const Enqueue& enqueue, int warmups, int reps,
                      double timeout_s) {
    return time_kernel(queue, enqueue, 1, warmups, reps, timeout_s);
}

Timings time_kernel(cl::CommandQueue& queue, const Enqueue& enqueue, unsigned count, int warmups,
                    int reps, double timeout_s) {
    // Launches timed while calibrating are calibration's, and a first launch made for the
    // driver to compile the kernel (MeasurementDriver::time) is the build's; any other timing
    // is measurement.
    const Phase now = current_phase();
    PhaseScope timing(now == Phase::Calibrate || now == Phase::Build ? now : Phase::Measure);
    std::vector<double> dev, host, queued, submitted;
    std::vector<ClockSample> clocks; // warm-ups too: more launches for the clock check
    for (int i = 0; i < warmups + reps; ++i) {
        if (i >= warmups) finish_within(queue, timeout_s);
        const auto t0 = std::chrono::steady_clock::now();
        cl::Event first = enqueue(queue);
        cl::Event last = first;
        for (unsigned j = 1; j < count; ++j)
            last = enqueue(queue);
        queue.flush();
        wait_for(last, timeout_s);
        const auto t1 = std::chrono::steady_clock::now();
        const auto start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
        const auto end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
        clocks.push_back({since_start(t0), since_start(t1), start, end});
        if (i < warmups) continue;
        dev.push_back(double(end - start) * 1e-9);
        host.push_back(std::chrono::duration<double>(t1 - t0).count());
        const auto q = first.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
        const auto sub = first.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
        queued.push_back(double(static_cast<int64_t>(sub - q)) * 1e-9);
        submitted.push_back(double(static_cast<int64_t>(start - sub)) * 1e-9);
    }
    Timings t{summarize(dev), summarize(host), summarize(queued), summarize(submitted)};
    if (const auto problem = device_clock_problem(clocks)) time_with_host_clock(t, *problem);
    return t;
}

namespace {

Stats joined(const Stats& a, const Stats& b) {
    std::vector<double> v = a.samples;
    v.insert(v.end(), b.samples.begin(), b.samples.end());
    return summarize(std::move(v));
}

Stats after_first(const Stats& s, size_t n) {
    if (s.samples.size() <= n) return s;
    return summarize(std::vector<double>(s.samples.begin() + std::ptrdiff_t(n), s.samples.end()));
}

// `t` without its first `n` samples (of each clock that has them).
Timings without_first(Timings t, size_t n) {
    t.device = after_first(t.device, n);
    t.host = after_first(t.host, n);
    t.queued_to_submit = after_first(t.queued_to_submit, n);
    t.submit_to_start = after_first(t.submit_to_start, n);
    return t;
}

// The samples of `a`, then those of `b`; where one of them is on the host's clock, both are.
Timings merged(Timings a, Timings b) {
    if (a.clock != b.clock) {
        const std::string why = a.clock == TimerSource::Host ? a.clock_note : b.clock_note;
        time_with_host_clock(a, why);
        time_with_host_clock(b, why);
    }
    Timings t = b;
    t.device = joined(a.device, b.device);
    t.host = joined(a.host, b.host);
    t.queued_to_submit = joined(a.queued_to_submit, b.queued_to_submit);
    t.submit_to_start = joined(a.submit_to_start, b.submit_to_start);
    return t;
}

} // namespace

Timings without_warmup(Timings t) {
    const size_t ramp = warmup_samples(t.device.samples);
    if (ramp == 0) return t;
    t = without_first(std::move(t), ramp);
    t.warmup_dropped = ramp;
    return t;
}

Timings at_steady_state(Timings t, const std::function<Timings(int)>& more) {
    t = without_warmup(std::move(t));
    const size_t ramp = t.warmup_dropped;
    if (ramp == 0) return t;
    t = merged(std::move(t), more(int(ramp)));
    t.warmup_dropped = ramp;
    return t;
}

Timings calibrate_and_time(const TimedLaunches& timed, const Budget& budget,
                           const LaunchSizing& sizing, BudgetLedger* ledger_out) {
    BudgetLedger ledger;
    double last_each = 0; // the wall-clock time per launch of the last batch
    auto run = [&](int warmups, int reps, double& into) {
        const TimedBatch b = time_batch(timed, warmups, reps);
        into += b.charged_s;
        ledger.launches += b.launches;
        last_each = b.wall_s / std::max(1, b.launches);
        return b.timings;
    };
    // The last launch of the shape that is timed: it sizes the timed launches and is their
    // first sample, so it is not launched again (a contended atomic's launch can take a second).
    double launch = -1;
    std::optional<Timings> first, last; // of calibration, for the growth check
    {
        PhaseScope calibrating(Phase::Calibrate);
        for (int round = 0; round < kCalibrationRounds; ++round) {
            const Timings t = run(round == 0 ? 1 : 0, 1, ledger.calibrate_s);
            if (!first) first = t;
            last = t;
            const double once = t.device.median;
            const double factor = calibration_reshape(once, t.host.median, budget, sizing);
            const bool reshaped = factor > 1   ? sizing.grow(factor)
                                  : factor < 1 ? sizing.shrink(factor)
                                               : false;
            if (!reshaped) {
                launch = once;
                break;
            }
        }
        if (launch < 0) {
            // Reshaped in the last round: warmed up first.
            const Timings t = run(1, 1, ledger.calibrate_s);
            last = t;
            launch = t.device.median;
        }
    }
    std::optional<std::string> problem;
    if (first->clock == TimerSource::Device && last->clock == TimerSource::Device)
        problem = growth_problem(first->device.median, first->host.median, last->device.median,
                                 last->host.median);
    if (problem || last->clock == TimerSource::Host) launch = last->host.median;
    // The last calibration launch is a sample where its device time stands.
    const bool reuse = !problem && last->clock == TimerSource::Device;
    int reps = budget.reps_for(launch) - (reuse ? 1 : 0);
    // What the bound leaves, at the host's time of one launch (a tenth more: launches timed
    // as they stand vary from one to the next).
    const double left = budget.bound_seconds() - ledger.total();
    const double each = 1.1 * std::max({last->host.median, last_each, 1e-9});
    reps = std::min(reps, int(std::clamp(std::floor(left / each), 0.0, double(budget.max_reps))));
    // Never fewer than min_reps samples: a gate needs them, and a launch the aim sized lets
    // them keep the bound anyway.
    reps = std::max(reps, budget.min_reps - (reuse ? 1 : 0));
    Timings t = *last;
    if (reps > 0) {
        PhaseScope measuring(Phase::Measure);
        const int least = std::max(0, budget.min_reps - (reuse ? 1 : 0));
        const bool in_parts = budget.measure_parts > 1;
        const int part = in_parts ? (reps + budget.measure_parts - 1) / budget.measure_parts : reps;
        std::optional<Timings> measured;
        double pace = each; // the host's time per launch, a tenth more
        for (int taken = 0; taken < reps;) {
            const double left_now = budget.bound_seconds() - ledger.total();
            const int fits = int(std::clamp(std::floor(left_now / pace), 0.0, double(reps)));
            // No more than half of what the bound pays for: a part that slows down to twice
            // the pace still keeps it, where the last launch of all it paid for needed only a
            // launch a tenth slower than the one before to break it (host-timed copies vary by
            // more). But `least` samples whatever it pays for.
            int n = std::min(part, reps - taken);
            if (in_parts) n = std::min(n, fits / 2);
            if (taken < least) n = std::max(n, std::min(least - taken, part));
            if (taken == 0) n = std::max(n, 1); // never a measurement without a sample
            if (n <= 0) break;
            const Timings p = run(0, n, ledger.measure_s);
            measured = measured ? merged(*measured, p) : p;
            taken += n;
            pace = 1.1 * std::max({p.host.median, last_each, 1e-9});
        }
        t = reuse && measured->clock == TimerSource::Device ? merged(*last, *measured) : *measured;
    }
    if (problem) time_with_host_clock(t, *problem);
    t = at_steady_state(std::move(t), [&](int n) {
        PhaseScope measuring(Phase::Measure);
        return run(0, n, ledger.measure_s);
    });
    if (ledger_out) *ledger_out = ledger;
    return t;
}

bool grow_repeats(uint32_t& repeats, double factor, uint32_t most) {
    // To the nearest count, so that growth by `wanted / repeats` reaches `wanted`; a growth that
    // rounding undoes is none.
    const auto grown = static_cast<uint32_t>(std::min<double>(std::round(repeats * factor), most));
    if (grown <= repeats) return false;
    repeats = grown;
    return true;
}

} // namespace clgauge
