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

Timings perf_launches(const TimedLaunches& timed, const LaunchSizing& sizing, const Budget& budget,
                      BudgetLedger& ledger, double already) {
    // What was spent already (a harness's own growth) comes out of the bound.
    Budget rest = budget;
    rest.seconds = std::max(budget.seconds / 2, budget.seconds - std::max(0.0, already) / 2);
    BudgetLedger spent;
    const Timings t = calibrate_and_time(timed, rest, sizing, &spent);
    ledger.calibrate_s += spent.calibrate_s;
    ledger.measure_s += spent.measure_s;
    ledger.launches += spent.launches;
    return t;
}

Timings perf_launches(const TimedLaunches& timed, const OwnCount& own, BudgetLedger& ledger) {
    PhaseScope measuring(Phase::Measure);
    const TimedBatch b = time_batch(timed, own.warmups, own.reps);
    ledger.measure_s += b.charged_s;
    ledger.launches += b.launches;
    return without_warmup(b.timings);
}

Timings MeasurementDriver::time(const KernelHarness& h, double share) {
    TimedLaunches timed = h.timed;
    if (!timed) {
        const unsigned count = perf() && h.sizing.slowdown_relaunches ? opts.test.slowdown : 1;
        timed = [&h, this, count](int warmups, int reps) {
            return time_kernel(session.queue, h.enqueue, count, warmups, reps, opts.timeout_s);
        };
    }
    if (!perf()) return timed(0, 1);
    // Beside background work, the compile overlaps its builds, which calibration then holds
    // still.
    if (background_work_going()) first_launch([&] { (void)timed(1, 0); });
    Budget b = budget;
    b.seconds *= share;
    LaunchSizing sizing = h.sizing;
    // A count the run pinned (a sweep's point) is not grown, to the aim or to a floor.
    sizing.pinned = sizing.pinned || repeats_pinned();
    const Timings t = perf_launches(timed, sizing, b, ledger_, ledger_.total() - settled_);
    settled_ = ledger_.total();
    return t;
}

Timings MeasurementDriver::time(const KernelHarness& h, const OwnCount& own) {
    if (!perf()) return h.timed(own.warmups, own.reps);
    const Timings t = perf_launches(h.timed, own, ledger_);
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
    return judged(h, time(h, share));
}

Measurement MeasurementDriver::run(const KernelHarness& h, const OwnCount& own) {
    return judged(h, time(h, own));
}

Measurement MeasurementDriver::judged(const KernelHarness& h, const Timings& timings) const {
    Measurement m;
    m.timings = timings;
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
