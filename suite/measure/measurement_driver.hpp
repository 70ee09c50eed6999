// clgauge's measurement driver: the protocol every harness's benchmark goes through, written
// once. A harness builds its kernels through the driver, makes its buffers and hands the
// driver its kernel-specific parts (KernelHarness: how one launch is enqueued, how it grows,
// what the launch did, how its output is judged); the driver calibrates, times, charges the
// phases, keeps the budget, applies the test-only slowdown and pinned launches, reads back and
// verifies, and adds the share of the peak.
#pragma once
#include "core/memory_peak.hpp"
#include "measure/timing.hpp"
#include "measure/verify.hpp"
#include "types/benchmark.hpp"
#include "types/mode_sizes.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace clgauge {

// How what the last launch left is judged, in the verify phase.
struct OutputCheck {
    std::function<Verification()> verify; // reads it back and compares it with the CPU's
    std::string noun = "words";           // what verify counts, for the failure message
};

// What a harness supplies for one launch shape: its kernel, and nothing of the protocol.
struct KernelHarness {
    // One launch of the current shape; its event's START..END is the sample. Unused where
    // `timed` is set.
    Enqueue enqueue;
    // A harness that times its own launches instead of one enqueue (several queues, pairs of
    // launches, host-timed copies, thousands of empty launches): `reps` samples after
    // `warmups` launches.
    TimedLaunches timed;
    LaunchSizing sizing; // perf
    // Once timed: the launch's work, sizes and details (m.timings is set; it may rescale them).
    std::function<void(Measurement&)> describe;
    OutputCheck check;
    // The peak the figure (B/s) is a share of, where known: the details "peak_Bps",
    // "peak_basis" and "share".
    std::optional<MemoryPeak> peak;
};

// The launches of a harness that counts its own (the launch latencies: thousands, sized and
// given their output slots for one batch): `reps` samples after `warmups`, in either mode,
// without calibration, in one batch; a warm-up ramp is left out of them, not taken again.
struct OwnCount {
    int warmups = 0, reps = 0;
};

class MeasurementDriver {
  public:
    MeasurementDriver(Session& s, const RunOptions& opts);

    Session& session;
    const RunOptions& opts;
    // This benchmark's budget: RunOptions' own, where a harness may set a floor on a launch.
    Budget budget;
    // The counted work of one launch that calibration grows; the kernel runs
    // launched_repeats(), which the test-only slowdown multiplies. RunOptions::launch.repeats pins
    // it where a harness honors it (repeats_pinned()).
    uint32_t repeats = 1;

    bool perf() const { return opts.mode == Mode::Perf; }
    // The size of `sizes` for this run's mode (a small launch's where the run asks for one).
    template <class T> T sized(const ModeSizes<T>& sizes) const { return size_for(sizes, opts); }
    uint32_t launched_repeats() const { return uint32_t(slowed(repeats)); }
    // `count` steps, walks or repeats as the kernel runs them: times the test-only slowdown.
    uint64_t slowed(uint64_t count) const { return count * opts.test.slowdown; }
    // The most repeats whose slowed launch runs at most `most` (at least one).
    uint32_t fitting_repeats(uint64_t most) const;
    // Multiplies `repeats` by `factor`, up to `most` (clgauge::grow_repeats).
    bool grow_repeats(double factor, uint32_t most);
    // Perf with RunOptions::launch.repeats set: `repeats` holds it, and the launch is not
    // calibrated.
    bool repeats_pinned() const { return perf() && opts.launch.repeats.has_value(); }
    // The work-items of a perf launch: RunOptions::launch.global_size where set (a sweep's point),
    // else `own`.
    size_t global_size(size_t own) const;

    // The registry entry's kernel, built for this run (the test-only source mutation applied).
    cl::Kernel kernel(const std::string& source, const std::string& name,
                      const std::string& options) const;

    // Perf: calibrated and timed within `share` of the budget (beside background work that
    // goes on, after a first_launch of `h`'s shape: background_work.hpp); conformance: one
    // launch. With `own`, the harness's own count of launches instead.
    Timings time(const KernelHarness& h, double share = 1);
    Timings time(const KernelHarness& h, const OwnCount& own);
    // A kernel's first launch, where a driver loads it (a GPU's JIT from a cold cache) or
    // compiles it (PoCL makes the work-group function then): it measures nothing, so it is
    // the build phase's and not charged to the budget.
    void first_launch(const std::function<void()>& launch) const;
    // time(), then describe, verify and the share of the peak: the benchmark's Measurement,
    // with the launch time spent ("budget_spent_s") and an "over_budget" detail where all the
    // driver's launches broke the bound (perf).
    Measurement run(const KernelHarness& h, double share = 1);
    Measurement run(const KernelHarness& h, const OwnCount& own);

    // Perf: the budget's note (note_budget) of every launch this driver has charged, for a
    // figure made of several timed launches, noted once all are spent.
    void note_spent(Measurement& m) const;

    // The launches this driver has timed so far, against the budget's bound.
    const BudgetLedger& ledger() const { return ledger_; }
    // One of a harness's own calibration launches, outside `timed` (latency.chase's growth,
    // the launch probes that size a count): made in the calibrate phase, charged to the ledger
    // at its host seconds and taken from the bound of the next time(). Returns the launch's
    // {device, host} seconds.
    std::pair<double, double>
    calibration_launch(const std::function<std::pair<double, double>()>& launch);

  private:
    // `timings` described, verified and given its share of the peak and its budget's note.
    Measurement judged(const KernelHarness& h, const Timings& timings) const;

    BudgetLedger ledger_;
    double settled_ = 0; // the ledger's total when the last time() ended
};

// The perf protocol on its own (no device needed): launches timed by `timed`, sized by the one
// calibration rule from what `sizing` lets it do (measure/launch_sizing.hpp) and counted within
// `budget`, every launch charged to `ledger`; `already` seconds spent on this measurement
// before (a harness's own growth) come out of the bound.
Timings perf_launches(const TimedLaunches& timed, const LaunchSizing& sizing, const Budget& budget,
                      BudgetLedger& ledger, double already = 0);
// The same for a harness that counts its own launches: `own`, in one batch, charged to `ledger`.
Timings perf_launches(const TimedLaunches& timed, const OwnCount& own, BudgetLedger& ledger);

// The details of `m` from the launch time calibration and measurement spent against
// `budget`: "budget_spent_s", and an "over_budget" note where it broke the bound; they replace
// earlier ones (a figure from several timed launches, noted once all are spent).
void note_budget(const BudgetLedger& spent, const Budget& budget, Measurement& m);

} // namespace clgauge
