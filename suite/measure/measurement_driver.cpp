#include "measure/measurement_driver.hpp"

#include "measure/background_work.hpp"
#include "measure/ceiling.hpp"
#include "measure/kernel_build.hpp"
#include "measure/phase_clock.hpp"
#include "measure/timed_batch.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace clgauge {

MeasurementDriver::MeasurementDriver(Session& s, const RunOptions& o)
    : session(s), opts(o), budget(o.budget) {
    if (repeats_pinned()) repeats = std::max<uint32_t>(1, *opts.launch.repeats);
}

bool MeasurementDriver::grow_repeats(double factor, uint32_t most) {
    return clgauge::grow_repeats(repeats, factor, most);
}

uint32_t MeasurementDriver::fitting_repeats(uint64_t most) const {
    return uint32_t(std::clamp<uint64_t>(most / opts.test.slowdown, 1, UINT32_MAX));
}

size_t MeasurementDriver::global_size(size_t own) const {
    return perf() && opts.launch.global_size ? *opts.launch.global_size : own;
}

cl::Kernel MeasurementDriver::kernel(const std::string& source, const std::string& name,
                                     const std::string& options) const {
    return build_kernel(session, source, name, options, opts);
}

Timings perf_launches(const KernelHarness& h, const TimedLaunches& timed, const Budget& budget,
                      BudgetLedger& ledger, double already) {
    if (h.manual.reps > 0) {
        PhaseScope measuring(Phase::Measure);
        const TimedBatch b = time_batch(timed, h.manual.warmups, h.manual.reps);
        ledger.measure_s += b.charged_s;
        ledger.launches += b.launches;
        return without_warmup(b.timings);
    }
    const bool calibrated = h.sizing.grow && !h.sizing.pinned;
    // What calibration and measurement may spend: what was spent already (a floor's probes, a
    // harness's own growth, a probe launch below) comes out of the bound.
    double spent_before = std::max(0.0, already);
    if (!calibrated && h.sizing.shrink) {
        // One launch as it stands, charged to calibration: too long for the bound, it is cut
        // to the aim of a calibrated launch, so that the probe and the timed launches after it
        // keep the bound together.
        PhaseScope calibrating(Phase::Calibrate);
        const TimedBatch probe = time_batch(timed, 0, 1);
        const double once = std::max(probe.charged_s, probe.timings.device.median);
        ledger.calibrate_s += once;
        ledger.launches += probe.launches;
        // Cut a fifth below the most a launch may take: the launches after a probe that fit
        // just under it vary, and min_reps of them slower than it broke the bound.
        if (once > 0.8 * budget.most_launch_seconds())
            (void)h.sizing.shrink(budget.launch_seconds() / once);
        spent_before += once;
    }
    Budget rest = budget;
    rest.seconds = std::max(budget.seconds / 2, budget.seconds - spent_before / 2);
    BudgetLedger spent;
    const Timings t = calibrate_and_time(
        timed, rest, calibrated ? h.sizing.rounds : 0,
        calibrated ? h.sizing.grow : GrowLaunch([](double) { return false; }), &spent);
    ledger.calibrate_s += spent.calibrate_s;
    ledger.measure_s += spent.measure_s;
    ledger.launches += spent.launches;
    return t;
}

void keep_floor(const TimedLaunches& timed, uint32_t floor, uint32_t& repeats, const Budget& budget,
                BudgetLedger& ledger) {
    // A probe launch grows until it takes twice what a launch of one repeat does, so that the
    // difference is the time of its repeats, not noise; the floor's time is extrapolated from
    // the two. One launch alone would not do where the fixed cost is most of a short launch.
    PhaseScope calibrating(Phase::Calibrate);
    const auto once_more = [&](int warmups) {
        const TimedBatch b = time_batch(timed, warmups, 1);
        ledger.calibrate_s += b.charged_s;
        ledger.launches += b.launches;
        return b.timings.device.median;
    };
    // The floor is kept past the budget's aim if need be, as far as the bound allows: the
    // figure depends on it. A little below the most, which the timed launches may read above.
    const double most = 0.8 * budget.most_launch_seconds();
    repeats = 1;
    const double once = once_more(1);
    double probe = once;
    while (repeats < floor && probe < 2 * once && probe <= most) {
        repeats = std::min(floor, repeats * 4);
        probe = once_more(0);
    }
    const double per_repeat = std::max(0.0, probe - once) / std::max(1u, repeats - 1);
    // No growth measured (a first launch already past the most, or noise): the longest launch
    // probed where it fits, else one repeat.
    const double fitting = per_repeat > 0  ? 1 + std::max(0.0, most - once) / per_repeat
                           : probe <= most ? double(repeats)
                                           : 1.0;
    repeats = uint32_t(std::clamp(fitting, 1.0, double(floor)));
}

Timings MeasurementDriver::time(const KernelHarness& h, double share) {
    TimedLaunches timed = h.manual.timed;
    if (!timed) {
        const unsigned count = perf() && h.sizing.slowdown_relaunches ? opts.test.slowdown : 1;
        timed = [&h, this, count](int warmups, int reps) {
            return time_kernel(session.queue, h.enqueue, count, warmups, reps, opts.timeout_s);
        };
    }
    if (!perf()) return h.manual.reps > 0 ? timed(h.manual.warmups, h.manual.reps) : timed(0, 1);
    // Beside background work, the compile overlaps its builds, which calibration then holds
    // still. Not for a harness that counts its own launches: its `timed` takes no count.
    if (h.manual.reps == 0 && background_work_going()) first_launch([&] { (void)timed(1, 0); });
    Budget b = budget;
    b.seconds *= share;
    if (h.sizing.floor_repeats > 1 && !repeats_pinned())
        keep_floor(timed, h.sizing.floor_repeats, repeats, b, ledger_);
    const Timings t = perf_launches(h, timed, b, ledger_, ledger_.total() - settled_);
    settled_ = ledger_.total();
    return t;
}

void MeasurementDriver::first_launch(const std::function<void()>& launch) const {
    PhaseScope loading(Phase::Build);
    launch();
}

std::pair<double, double>
MeasurementDriver::calibration_launch(const std::function<std::pair<double, double>()>& launch) {
    PhaseScope calibrating(Phase::Calibrate);
    const auto seconds = launch();
    ledger_.calibrate_s += seconds.second;
    ledger_.launches += 1;
    return seconds;
}

Measurement MeasurementDriver::run(const KernelHarness& h, double share) {
    Measurement m;
    m.timings = time(h, share);
    if (h.describe) h.describe(m);
    {
        PhaseScope verifying(Phase::Verify);
        m.verification = h.check.verify();
    }
    apply_verification(m, h.check.noun);
    if (m.status == Status::Ok && h.peak && m.rate() > 0) add_share_of_peak(*h.peak, m.rate(), m);
    note_spent(m);
    return m;
}

void MeasurementDriver::note_spent(Measurement& m) const {
    if (perf()) note_budget(ledger_, budget, m);
}

void note_budget(const BudgetLedger& spent, const Budget& budget, Measurement& m) {
    std::erase_if(m.details, [](const auto& d) {
        return d.first == "budget_spent_s" || d.first == "over_budget";
    });
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", spent.total());
    m.details.push_back({"budget_spent_s", buf});
    if (const auto over = budget_overrun(spent, budget))
        m.details.push_back({"over_budget", *over});
}

} // namespace clgauge
