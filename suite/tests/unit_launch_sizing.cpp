// label unit: the one calibration rule (measure/launch_sizing.hpp) on launch times given to
// it: what it grows, cuts and keeps, and how far it follows a floor; and through the driver's
// protocol (perf_launches) with fake harnesses, that a launch cut or grown to its floor keeps the
// budget's bound.
#include "fake_harness.hpp"
#include "measure/launch_sizing.hpp"
#include "measure/measurement_driver.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace clgauge {
namespace {

using test::FakeHarness;

// The one rule sizes every launch: grown to the aim, cut below the most, grown toward a floor
// only as far as a fifth below the most, and kept where it stands.
TEST(CalibrationRule, EachLaunchIsBroughtIntoItsWindow) {
    const Budget b{.seconds = 0.1};
    const double aim = b.launch_seconds(), most = b.most_launch_seconds();
    const LaunchSizing grows{.grow = [](double) { return true; }};
    const LaunchSizing cuts{.shrink = [](double) { return true; }};
    EXPECT_DOUBLE_EQ(calibration_reshape(aim / 10, aim / 10, b, grows), 10);
    EXPECT_DOUBLE_EQ(calibration_reshape(aim / 1e4, aim / 1e4, b, grows), 1024);
    EXPECT_DOUBLE_EQ(calibration_reshape(0.6 * aim, 0.6 * aim, b, grows), 1) << "at the aim";
    EXPECT_DOUBLE_EQ(calibration_reshape(aim / 10, aim, b, grows), 1) << "the host waits the aim";
    EXPECT_DOUBLE_EQ(calibration_reshape(most, most, b, cuts), aim / most);
    EXPECT_DOUBLE_EQ(calibration_reshape(most, most, b, grows), 1) << "cannot be cut";
    EXPECT_DOUBLE_EQ(calibration_reshape(aim / 10, aim / 10, b, cuts), 1) << "cannot grow";
    LaunchSizing pinned = grows;
    pinned.pinned = true;
    EXPECT_DOUBLE_EQ(calibration_reshape(aim / 10, aim / 10, b, pinned), 1);
    LaunchSizing floor = grows;
    floor.short_of_floor = [] { return 100.0; };
    EXPECT_DOUBLE_EQ(calibration_reshape(aim, aim, b, floor), 0.8 * most / aim)
        << "toward the floor, a fifth below the most";
    EXPECT_DOUBLE_EQ(calibration_reshape(0.7 * most, 0.7 * most, b, floor), 1)
        << "less than a quarter more is not a step";
    floor.short_of_floor = [] { return 1.0; };
    EXPECT_DOUBLE_EQ(calibration_reshape(aim, aim, b, floor), 1) << "at the floor";
}

// A pinned launch that can be cut (a fake pageable transfer of 256 "MiB" that takes half as
// long again as a launch may): the first launch is cut, and the rest keep the bound. The
// planted fault: the same launch that cannot be cut breaks it.
TEST(MeasurementDriver, ALaunchTooLongIsCutWhereItCanBe) {
    const Budget b{.seconds = 0.1};
    FakeHarness cut{.per_repeat = 38e-3 / 256}, kept{.per_repeat = 38e-3 / 256};
    cut.repeats = kept.repeats = 256; // MiB
    KernelHarness h = cut.parts(), stuck = kept.parts();
    h.sizing.pinned = stuck.sizing.pinned = true;
    h.sizing.shrink = [&](double factor) {
        const auto to = uint32_t(cut.repeats * factor);
        if (to == 0 || to >= cut.repeats) return false;
        cut.repeats = to;
        return true;
    };
    stuck.sizing.shrink = [](double) { return false; };
    BudgetLedger ledger, broken;
    const Timings t = perf_launches(h.timed, h.sizing, b, ledger);
    EXPECT_LT(cut.repeats, 256u);
    EXPECT_LE(cut.launch_s(), b.launch_seconds() * 1.01); // cut to the aim of a launch
    EXPECT_GE(t.device.count(), size_t(b.min_reps));
    EXPECT_FALSE(budget_overrun(ledger, b).has_value()) << ledger.total();
    EXPECT_EQ(ledger.launches, cut.launches);
    perf_launches(stuck.timed, stuck.sizing, b, broken);
    EXPECT_TRUE(budget_overrun(broken, b).has_value()) << broken.total();
}

// A first launch just under the most a launch may take (a host-timed copy of 256 "MiB" at 24 ms
// against 25 ms), whose later launches run 60% slower (a host that got busy): it is cut all the
// same, since min_reps launches and the calibration at the slower pace would not fit. The
// planted twin cannot be cut, and breaks the bound.
Timings just_under_the_most(bool can_cut, BudgetLedger& ledger) {
    const Budget b{.seconds = 0.1};
    FakeHarness f{.per_repeat = 0.96 * b.most_launch_seconds() / 256};
    f.repeats = 256;
    int made = 0;
    KernelHarness h = f.parts();
    h.sizing.pinned = true;
    h.timed = [&](int warmups, int reps) {
        std::vector<double> samples;
        for (int i = 0; i < warmups + reps; ++i, ++made)
            if (i >= warmups) samples.push_back(f.launch_s() * (made < 2 ? 1.0 : 1.6));
        Timings t;
        t.device = summarize(samples);
        t.host = t.device;
        t.clock = TimerSource::Host; // a copy the host times: no calibration launch is reused
        return t;
    };
    h.sizing.shrink = [&](double factor) {
        const auto to = uint32_t(f.repeats * factor);
        if (!can_cut || to == 0 || to >= f.repeats) return false;
        f.repeats = to;
        return true;
    };
    return perf_launches(h.timed, h.sizing, b, ledger);
}

TEST(MeasurementDriver, ALaunchJustUnderTheMostIsCutToo) {
    BudgetLedger ledger;
    const Timings t = just_under_the_most(true, ledger);
    EXPECT_GE(t.device.count(), size_t(Budget{}.min_reps));
    EXPECT_FALSE(budget_overrun(ledger, Budget{.seconds = 0.1})) << ledger.total();
}

TEST(MeasurementDriver, PlantedLaunchJustUnderTheMostThatCannotBeCutBreaksTheBound) {
    BudgetLedger ledger;
    (void)just_under_the_most(false, ledger);
    EXPECT_TRUE(budget_overrun(ledger, Budget{.seconds = 0.1})) << ledger.total();
}

// A floor on a launch's repeats (the mma chains) is kept whole where such a launch fits the
// bound, cut to what fits where it does not, and not taken at all where even one repeat is past
// the most a launch may take; every case keeps the bound. The planted rule, a floor taken whole
// whatever it costs, breaks the bound where the floor does not fit.
struct FloorCase {
    FakeHarness f;
    BudgetLedger ledger;
    Timings t;
};
FloorCase floored(FakeHarness f, uint32_t floor, const Budget& b, bool whole = false) {
    FloorCase c{f, {}, {}};
    KernelHarness h = c.f.parts();
    h.sizing.short_of_floor = [&c, floor] { return double(floor) / c.f.repeats; };
    if (whole) c.f.repeats = floor;
    c.t = perf_launches(h.timed, h.sizing, b, c.ledger);
    return c;
}

TEST(MeasurementDriver, AFloorOnTheRepeatsKeepsTheBound) {
    const Budget b{.seconds = 0.1};
    const double most = b.most_launch_seconds();
    const uint32_t floor = 8192;
    {
        const FloorCase c = floored({.fixed = 1e-4, .per_repeat = 1e-7}, floor, b);
        EXPECT_GE(c.f.repeats, floor) << "a floor that fits is kept";
        EXPECT_EQ(c.ledger.launches, c.f.launches);
        EXPECT_FALSE(budget_overrun(c.ledger, b)) << c.ledger.total();
    }
    {
        // The floor would take 83 ms.
        const FloorCase c = floored({.fixed = 1e-3, .per_repeat = 1e-5}, floor, b);
        EXPECT_LT(c.f.repeats, floor);
        EXPECT_LE(c.f.launch_s(), most);
        EXPECT_GE(c.f.launch_s(), 0.5 * most) << "as much of the floor as fits";
        EXPECT_GE(c.t.device.count(), size_t(b.min_reps));
        EXPECT_FALSE(budget_overrun(c.ledger, b)) << c.ledger.total();
    }
    {
        const FloorCase c = floored({.fixed = 2 * most, .per_repeat = 1e-5}, floor, b);
        EXPECT_EQ(c.f.repeats, 1u) << "a floor taken where no growth was measured";
    }
    {
        const FloorCase c = floored({.fixed = 1e-3, .per_repeat = 1e-5}, floor, b, true);
        EXPECT_TRUE(budget_overrun(c.ledger, b)) << "planted: the floor taken whole";
    }
}

} // namespace
} // namespace clgauge
