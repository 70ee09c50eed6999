// label unit: the one calibration rule (measure/launch_sizing.hpp) on launch times given to
// it: what it grows, cuts and keeps, and how far it follows a floor.
#include "measure/launch_sizing.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

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

} // namespace
} // namespace clgauge
