// The run-time breakdown (measure/phase_clock): every second charged to exactly one phase.
#include "measure/phase_clock.hpp"

#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace clgauge {
namespace {

using namespace std::chrono_literals;

TEST(PhaseClock, NestedScopePausesTheOuterAndNothingIsCountedTwice) {
    (void)take_phase_times();
    const auto t0 = std::chrono::steady_clock::now();
    {
        PhaseScope building(Phase::Build);
        std::this_thread::sleep_for(20ms);
        {
            PhaseScope verifying(Phase::Verify);
            std::this_thread::sleep_for(10ms);
        }
        EXPECT_EQ(current_phase(), Phase::Build); // the outer phase is back
    }
    std::this_thread::sleep_for(5ms);
    const PhaseTimes t = take_phase_times();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_GE(t[Phase::Build], 0.020);
    EXPECT_GE(t[Phase::Verify], 0.010);
    EXPECT_GE(t[Phase::Host], 0.005); // time outside every scope
    EXPECT_EQ(t[Phase::Measure], 0.0);
    // Counting the inner span in the outer phase too would exceed the wall time.
    EXPECT_LE(t.total(), wall + 1e-6);
    EXPECT_EQ(current_phase(), Phase::Host);
}

TEST(PhaseClock, TakeStartsAfreshButTheRunTotalKeepsCounting) {
    (void)take_phase_times();
    const double before = phase_times_since_start().total();
    {
        PhaseScope measuring(Phase::Measure);
        std::this_thread::sleep_for(5ms);
    }
    EXPECT_GE(take_phase_times()[Phase::Measure], 0.005);
    EXPECT_LT(take_phase_times()[Phase::Measure], 0.005); // taken already
    EXPECT_GE(phase_times_since_start().total() - before, 0.005);
}

TEST(PhaseClock, DescriptionNamesThePhasesThatTookTime) {
    PhaseTimes t;
    t[Phase::Build] = 1.5;
    t[Phase::Verify] = 0.25;
    EXPECT_EQ(describe_phase_times(t), "build 1.50 s, verify 0.25 s");
    EXPECT_EQ(describe_phase_times(PhaseTimes{}), "nothing timed");
}

} // namespace
} // namespace clgauge
