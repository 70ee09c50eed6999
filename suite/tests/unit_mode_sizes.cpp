// label unit: a harness's sizes per mode are picked by the run's mode, not by the harness
// (types/mode_sizes.hpp): perf takes the perf size whatever else is asked, conformance its own,
// a small launch its own where the harness gives one.
#include "types/mode_sizes.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

RunOptions run(Mode mode, bool small) {
    RunOptions o;
    o.mode = mode;
    o.small_launch = small;
    return o;
}

TEST(ModeSizes, TheRunsModePicksTheSize) {
    const ModeSizes<int> three{.perf = 1000, .conformance = 64, .small = 8};
    EXPECT_EQ(size_for(three, run(Mode::Perf, false)), 1000);
    EXPECT_EQ(size_for(three, run(Mode::Perf, true)), 1000) << "a small launch is conformance's";
    EXPECT_EQ(size_for(three, run(Mode::Conformance, false)), 64);
    EXPECT_EQ(size_for(three, run(Mode::Conformance, true)), 8);
    const ModeSizes<int> two{.perf = 1000, .conformance = 64};
    EXPECT_EQ(size_for(two, run(Mode::Conformance, true)), 64) << "no small size: conformance's";
}

} // namespace
} // namespace clgauge
