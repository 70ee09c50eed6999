// label unit: the warm-up rule (measure/steady_state.hpp) and the timing that applies it: no
// device needed.
#include "measure/steady_state.hpp"
#include "measure/timing.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

// Copy times of 256 MiB at `rates` GB/s.
std::vector<double> times_at(const std::vector<double>& rates) {
    std::vector<double> t;
    for (double r : rates)
        t.push_back(0.268435456 / r);
    return t;
}

// Planted fault "a ramp kept in the figure": a pinned copy that ramps 23.5 -> 55 GB/s over
// its first samples, then holds 55 within 1%.
TEST(SteadyState, ARampAtTheStartIsLeftOut) {
    const auto t = times_at({23.5, 31.0, 42.0, 50.5, 54.9, 55.2, 54.8, 55.1, 55.3, 54.7, 55.0, 55.2,
                             54.9, 55.1, 55.0, 54.8});
    EXPECT_EQ(warmup_samples(t), 4u);
}

TEST(SteadyState, NoiseAndALateSlowSampleAreKept) {
    // Within 1%: no warm-up.
    EXPECT_EQ(warmup_samples(times_at({55.0, 54.6, 55.3, 54.9, 55.1, 55.2, 54.8, 55.0})), 0u);
    // A slow sample after a steady one is the host's noise, not warm-up.
    EXPECT_EQ(warmup_samples(times_at({55.0, 30.0, 55.3, 54.9, 55.1, 55.2, 54.8, 55.0})), 0u);
    // Pageable copies that vary by a third from one to the next have no ramp to find.
    EXPECT_EQ(warmup_samples(times_at({7.0, 9.1, 6.8, 8.4, 9.0, 7.2, 6.9, 8.8, 7.7, 9.2})), 0u);
    // Too few samples to tell a ramp from noise.
    EXPECT_EQ(warmup_samples(times_at({20.0, 55.0, 55.0, 55.0, 55.0})), 0u);
}

TEST(SteadyState, AtMostHalfOfTheSamplesAreLeftOut) {
    EXPECT_EQ(warmup_samples(times_at({10, 11, 12, 13, 14, 15, 55, 55, 55, 55})), 5u);
}

// The timing drops the ramp and takes as many samples again, and says how many.
TEST(SteadyState, TheTimingTakesTheDroppedSamplesAgain) {
    Timings t;
    t.device = summarize(times_at({23.5, 31.0, 42.0, 55.0, 55.1, 54.9, 55.2, 55.0, 54.8, 55.1}));
    t.host = t.device;
    int asked = 0;
    const Timings steady = at_steady_state(t, [&](int n) {
        asked = n;
        Timings more;
        more.device = summarize(times_at(std::vector<double>(size_t(n), 55.0)));
        more.host = more.device;
        return more;
    });
    EXPECT_EQ(asked, 3);
    EXPECT_EQ(steady.warmup_dropped, 3u);
    EXPECT_EQ(steady.device.count(), 10u);
    EXPECT_GT(steady.device.max, 0.268435456 / 55.3);
    EXPECT_LT(steady.device.max, 0.268435456 / 54.7) << "no warm-up sample left";
}

// A harness that counts its own launches gets its ramp left out, and is not asked again.
TEST(SteadyState, AOneBatchHarnessLosesItsRampAndIsNotAskedAgain) {
    Timings t;
    t.device = summarize(times_at({23.5, 31.0, 42.0, 55.0, 55.1, 54.9, 55.2, 55.0, 54.8, 55.1}));
    t.host = t.device;
    const Timings steady = without_warmup(t);
    EXPECT_EQ(steady.warmup_dropped, 3u);
    EXPECT_EQ(steady.device.count(), 7u);
    EXPECT_EQ(steady.host.count(), 7u);
}

} // namespace
} // namespace clgauge
