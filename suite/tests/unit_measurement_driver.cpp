// label unit: the measurement driver keeps every budget. Fake harnesses whose launches take a
// known time (no device; only the case of work around the timed span sleeps): the driver's own
// accounting says what calibration and measurement spent, and it must stay within twice the
// budget; a harness that ignores the count it is given must be caught by the same check.
#include "measure/measurement_driver.hpp"

#include "fake_background.hpp"
#include "fake_harness.hpp"
#include "measure/background_work.hpp"
#include "measure/phase_clock.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace clgauge {
namespace {

using test::FakeHarness;
using test::real_seconds;

TEST(MeasurementDriver, EveryLaunchCostKeepsTwiceTheBudget) {
    for (double budget_s : {0.01, 0.1, 1.0})
        for (int min_reps : {5, 11})
            for (double floor_s : {0.0, 0.05})
                for (double fixed : {0.0, 1e-5, 2e-3})
                    for (double per_repeat : {1e-7, 1e-5, 1e-3, 1e-2}) {
                        FakeHarness f{.fixed = fixed, .per_repeat = per_repeat};
                        Budget b{.seconds = budget_s, .min_reps = min_reps};
                        b.min_launch_seconds = floor_s;
                        BudgetLedger ledger;
                        const KernelHarness h = f.parts();
                        const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
                        const std::string what = "budget " + std::to_string(budget_s) +
                                                 ", launch " + std::to_string(fixed) + " + " +
                                                 std::to_string(per_repeat) + " x repeats";
                        // A launch that cannot be made as short as the aim cannot keep it.
                        if (fixed + per_repeat > b.most_launch_seconds()) continue;
                        EXPECT_LE(ledger.total(), b.bound_seconds() * (1 + 1e-9)) << what;
                        EXPECT_FALSE(budget_overrun(ledger, b).has_value()) << what;
                        EXPECT_GE(t.device.count(), 1u) << what;
                        EXPECT_EQ(ledger.launches, f.launches) << what;
                    }
}

TEST(MeasurementDriver, LaunchesThatFitGetTheirSamples) {
    // A 1 ms repeat against 100 ms: calibration reaches about 10 ms a launch, and the budget
    // buys the usual count (the last calibration launch among them).
    FakeHarness f{.per_repeat = 1e-3};
    const Budget b{.seconds = 0.1};
    BudgetLedger ledger;
    const KernelHarness h = f.parts();
    const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
    EXPECT_EQ(t.device.count(), size_t(b.reps_for(f.launch_s())));
    EXPECT_LE(ledger.total(), b.bound_seconds());
    EXPECT_GT(ledger.measure_s, 0);
    EXPECT_GT(ledger.calibrate_s, 0);
}

TEST(MeasurementDriver, FloorIsCappedSoMinRepsFit) {
    // The chains' 50 ms floor on a GPU against 100 ms: five launches of 50 ms would take
    // 250 ms, so the aim is capped at what five launches and the calibration fit.
    Budget b{.seconds = 0.1, .min_launch_seconds = 0.05};
    EXPECT_DOUBLE_EQ(b.launch_seconds(), b.most_launch_seconds());
    EXPECT_LE(b.launch_seconds() * (b.min_reps + 3), b.bound_seconds() * (1 + 1e-12));
    FakeHarness f{.per_repeat = 1e-4};
    BudgetLedger ledger;
    const KernelHarness h = f.parts();
    const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
    EXPECT_GE(t.device.count(), size_t(b.min_reps));
    EXPECT_FALSE(budget_overrun(ledger, b).has_value());
}

TEST(MeasurementDriver, ALaunchTooLongForTheBudgetIsCaught) {
    // A launch that cannot be made shorter, fourteen times the whole budget (the contended
    // compare-and-swap as it was). It gets its min_reps samples (the first after a warm-up), and
    // the ledger says the bound was broken.
    FakeHarness f{.fixed = 1.4};
    Budget b{.seconds = 0.1};
    BudgetLedger ledger;
    KernelHarness h = f.parts();
    h.sizing.pinned = true;
    const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
    EXPECT_EQ(t.device.count(), size_t(b.min_reps));
    EXPECT_EQ(f.launches, b.min_reps + 1);
    EXPECT_DOUBLE_EQ(ledger.total(), real_seconds(f));
    const auto over = budget_overrun(ledger, b);
    ASSERT_TRUE(over.has_value());
    EXPECT_NE(over->find("more than twice the budget"), std::string::npos) << *over;
}

// A host that slows down midway through the timed launches (a copy the host times, on a host
// that got busy: three times as long after the first two samples) does not take them past the
// bound: the launches are taken in parts, and the count left follows the latest part's pace.
// The planted twin takes them in one batch, sized by the pace before, and breaks the bound.
Timings slowing_midway(int measure_parts, BudgetLedger& ledger) {
    const Budget b{.seconds = 0.1, .measure_parts = measure_parts};
    FakeHarness f{.per_repeat = 1e-3};
    int measured = 0; // samples taken in the measure phase
    KernelHarness h = f.parts();
    h.timed = [&](int warmups, int reps) {
        f.launches += warmups + reps;
        std::vector<double> samples;
        const bool measuring = current_phase() == Phase::Measure;
        for (int i = 0; i < reps; ++i) {
            samples.push_back(f.launch_s() * (measuring && measured >= 2 ? 3 : 1));
            if (measuring) ++measured;
        }
        Timings t;
        t.device = summarize(samples);
        t.host = t.device;
        return t;
    };
    return perf_launches(h.timed, h.sizing, b, ledger);
}

TEST(MeasurementDriver, AHostThatSlowsMidwayKeepsTheBound) {
    BudgetLedger ledger;
    const Timings t = slowing_midway(8, ledger);
    const Budget b{.seconds = 0.1};
    EXPECT_FALSE(budget_overrun(ledger, b).has_value()) << ledger.total();
    EXPECT_GE(t.device.count(), size_t(b.min_reps));
}

// Launches timed as they stand that vary from one to the next (a host-timed copy: every third
// one half as long again, like the copies a busy host makes) keep the bound at every length a
// launch may have: the last part takes no more than half of what the bound still pays for, so
// a slow last launch does not take it past. Taking every launch the bound paid for broke it
// for 3 of these 40 lengths, by up to 2.4%.
TEST(MeasurementDriver, LaunchesThatVaryKeepTheBoundAtEveryLength) {
    const Budget b{.seconds = 0.1};
    int broken = 0;
    for (int step = 0; step < 40; ++step) {
        const double launch = 4e-3 + step * 0.5e-3; // up to just under the most a launch may take
        int made = 0;
        KernelHarness h;
        h.sizing.pinned = true;
        h.timed = [&](int warmups, int reps) {
            std::vector<double> host, device;
            for (int i = 0; i < warmups + reps; ++i) {
                const double t = launch * (made++ % 3 == 2 ? 1.5 : 1.0);
                if (i < warmups) continue;
                host.push_back(t);
                device.push_back(t / 2); // the copy alone; the host waits for more
            }
            return Timings{summarize(device), summarize(host)};
        };
        BudgetLedger ledger;
        const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
        EXPECT_GE(t.device.count(), size_t(b.min_reps)) << launch;
        if (budget_overrun(ledger, b)) {
            ++broken;
            ADD_FAILURE() << "launches of " << launch << " s spent " << ledger.total() << " s";
        }
    }
    EXPECT_EQ(broken, 0);
}

TEST(MeasurementDriver, PlantedOneBatchAfterTheHostSlowedBreaksTheBound) {
    BudgetLedger ledger;
    (void)slowing_midway(1, ledger);
    EXPECT_TRUE(budget_overrun(ledger, Budget{.seconds = 0.1}).has_value()) << ledger.total();
}

// Background work (build workers beside a run on CPU devices) is held still for every timed
// launch: calibration and measurement run in phases that hold it, and the runner lets it go on
// as the benchmark ends. The fake harness counts the samples it took while the work went on;
// the planted twin is background work whose hold does nothing, which the same count catches.
int samples_beside_background(bool hold_works, bool shares_device = true, bool host_timed = false) {
    test::FakeBackground background(hold_works, shares_device);
    const bool& held = background.held;
    const HostTimingScope host_timing(host_timed);
    FakeHarness f{.per_repeat = 1e-4};
    f.most = 64;
    int beside = 0, samples = 0;
    KernelHarness h = f.parts();
    const TimedLaunches inner = h.timed;
    h.timed = [&](int warmups, int reps) {
        samples += reps;
        if (!held) beside += reps;
        return inner(warmups, reps);
    };
    h.sizing.short_of_floor = [&f] { return 16.0 / f.repeats; };
    BudgetLedger ledger;
    (void)perf_launches(h.timed, h.sizing, Budget{}, ledger);
    if (hold_works && (shares_device || host_timed)) {
        EXPECT_FALSE(background_work_going()) << "held, yet said to go on";
    }
    release_background_work();
    EXPECT_TRUE(background_work_going()) << "the work was not let go on";
    EXPECT_GE(samples, Budget{}.min_reps) << "nothing was timed, so nothing was judged";
    return beside;
}

TEST(MeasurementDriver, NothingIsTimedBesideBackgroundWork) {
    EXPECT_EQ(samples_beside_background(true), 0);
}

TEST(MeasurementDriver, PlantedBackgroundThatIgnoresTheHoldIsCaught) {
    EXPECT_GT(samples_beside_background(false), 0);
}

// Beside a GPU's run the workers compile on cores no kernel runs on: the driver takes a
// device-timed figure while they go on, and not one the host's clock times (a transfer).
TEST(MeasurementDriver, OnAGpuOnlyTheHostsTimingsHoldTheWorkers) {
    EXPECT_EQ(samples_beside_background(true, false, true), 0)
        << "a host-timed figure was taken beside the workers";
    EXPECT_GT(samples_beside_background(true, false, false), 0)
        << "a device-timed figure held the workers";
}

// A harness whose samples leave out what each launch needs around it (a mapping made and
// released around a timed copy: here 4 ms of sleep beside a 1 ms sample) is charged its
// wall-clock time, and the count of its launches follows: charged only its samples, it would
// time 50 launches, a quarter of a second against a bound of 0.1 s.
TEST(MeasurementDriver, WorkAroundTheTimedSpanIsCharged) {
    const Budget b{.seconds = 0.05};
    int launches = 0;
    KernelHarness h;
    h.sizing.pinned = true;
    h.timed = [&](int warmups, int reps) {
        for (int i = 0; i < warmups + reps; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        launches += warmups + reps;
        Timings t;
        t.device = summarize(std::vector<double>(size_t(reps), 1e-3));
        t.host = t.device;
        return t;
    };
    BudgetLedger ledger;
    const auto t0 = std::chrono::steady_clock::now();
    const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_GE(t.device.count(), size_t(b.min_reps));
    EXPECT_GE(ledger.total(), 0.9 * wall) << "the ledger charged only the samples";
    EXPECT_LT(launches, 30) << "the count followed the samples, not the launches' real time";
}

// What a measurement spent before its timed launches (latency.chase's own growth: here 120 ms
// of the 200 ms bound of a 100 ms budget) comes out of the bound they keep; the planted case,
// the same launches told nothing was spent, breaks the bound once the 120 ms are added.
TEST(MeasurementDriver, WhatWasSpentBeforeComesOutOfTheBound) {
    const Budget b{.seconds = 0.1};
    const double before = 0.12;
    FakeHarness told{.per_repeat = 1e-3}, untold{.per_repeat = 1e-3};
    told.repeats = untold.repeats = 10; // launches of 10 ms, timed as they stand
    KernelHarness h1 = told.parts(), h2 = untold.parts();
    h1.sizing.pinned = h2.sizing.pinned = true;
    BudgetLedger kept, broken;
    const Timings t = perf_launches(h1.timed, h1.sizing, b, kept, before);
    perf_launches(h2.timed, h2.sizing, b, broken);
    EXPECT_GE(t.device.count(), size_t(b.min_reps));
    EXPECT_LE(before + kept.total(), b.bound_seconds() * 1.0001) << kept.total();
    EXPECT_GT(before + broken.total(), b.bound_seconds()) << broken.total();
}

// Planted fault: a harness that ignores the count the driver gives it (it times 100 launches
// more) breaks the bound, and the check says so.
TEST(MeasurementDriver, PlantedHarnessIgnoringTheCountIsCaught) {
    FakeHarness honest{.per_repeat = 1e-3};
    FakeHarness greedy{.per_repeat = 1e-3, .extra_reps = 100};
    const Budget b{.seconds = 0.1};
    BudgetLedger kept, broken;
    const KernelHarness h1 = honest.parts(), h2 = greedy.parts();
    perf_launches(h1.timed, h1.sizing, b, kept);
    perf_launches(h2.timed, h2.sizing, b, broken);
    EXPECT_FALSE(budget_overrun(kept, b).has_value());
    EXPECT_TRUE(budget_overrun(broken, b).has_value());
    EXPECT_GT(real_seconds(greedy), b.bound_seconds());
    Measurement m;
    note_budget(broken, b, m);
    bool noted = false;
    for (const auto& [key, value] : m.details)
        noted = noted || key == "over_budget";
    EXPECT_TRUE(noted);
}

// A figure made of several timed launches (the vector sweep's five widths, a stride and stride
// 1) is noted once all of them are spent: a later note replaces the earlier, so the report
// holds one "budget_spent_s", the total, and "over_budget" only while the total breaks the
// bound. Appended instead, the first width's note would stand beside the total's.
TEST(MeasurementDriver, ALaterBudgetNoteReplacesTheEarlier) {
    const Budget b{.seconds = 0.1};
    const BudgetLedger one{.measure_s = 0.05, .launches = 5}, all{.measure_s = 0.5, .launches = 50};
    Measurement m;
    const auto notes = [&](const std::string& key) {
        std::vector<std::string> values;
        for (const auto& [k, v] : m.details)
            if (k == key) values.push_back(v);
        return values;
    };
    note_budget(one, b, m);
    EXPECT_TRUE(notes("over_budget").empty());
    note_budget(all, b, m);
    EXPECT_EQ(notes("budget_spent_s"), std::vector<std::string>{"0.5000"});
    EXPECT_EQ(notes("over_budget").size(), 1u);
    note_budget(one, b, m);
    EXPECT_EQ(notes("budget_spent_s"), std::vector<std::string>{"0.0500"});
    EXPECT_TRUE(notes("over_budget").empty());
}

// Planted fault: a harness whose growth ignores the factor (it grows 1000-fold whatever it is
// asked) overshoots the aim; the count is cut to what is left, and what it cannot undo shows.
TEST(MeasurementDriver, PlantedGrowthIgnoringTheFactorIsCaught) {
    FakeHarness f{.per_repeat = 1e-3};
    KernelHarness h = f.parts();
    h.sizing.grow = [&f](double) { return grow_repeats(f.repeats, 1000, f.most); };
    const Budget b{.seconds = 0.1};
    BudgetLedger ledger;
    perf_launches(h.timed, h.sizing, b, ledger);
    EXPECT_TRUE(budget_overrun(ledger, b).has_value());
}

// A harness that counts its own launches (the launch latencies) is charged for all of them.
TEST(MeasurementDriver, OwnCountIsCharged) {
    FakeHarness f{.fixed = 2e-5};
    KernelHarness h = f.parts();
    BudgetLedger ledger;
    const Timings t = perf_launches(h.timed, OwnCount{.warmups = 20, .reps = 2000}, ledger);
    EXPECT_EQ(t.device.count(), 2000u);
    EXPECT_EQ(ledger.launches, 2020);
    EXPECT_NEAR(ledger.total(), 2020 * 2e-5, 1e-9);
}

} // namespace
} // namespace clgauge
