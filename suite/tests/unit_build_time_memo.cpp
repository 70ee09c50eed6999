// label unit: the compile times kept on disk (core/build_time_memo), which order a cold run's
// builds longest first: the longest compile seen is kept (a cache hit's milliseconds never
// replace it), an unwritable directory fails nothing, the times installed with the baselines
// are read for a device (a damaged file knows nothing), and the order puts unknown programs
// first, as found, then each in time for the run's need (the builds' order), or the longest
// first and the unknown after them (the audit's order).
#include "base/files.hpp"
#include "core/build_time_memo.hpp"
#include "test_dir.hpp"

#include <cstdlib>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace clgauge {
namespace {

TEST(BuildTimeMemo, KeepsTheLongestCompileSeen) {
    const auto dir = test::fresh_test_dir("build_time_memo");
    ::setenv("CLGAUGE_CACHE_DIR", dir.c_str(), 1);
    const std::string dev = "clgauge test device";
    EXPECT_FALSE(recall_build_seconds("k1", dev));
    remember_build_seconds("k1", dev, 4.5);
    remember_build_seconds("k1", dev, 0.02); // the driver's cache served it
    EXPECT_EQ(recall_build_seconds("k1", dev), 4.5) << "a cache hit replaced the compile's time";
    remember_build_seconds("k1", dev, 6.0);
    EXPECT_EQ(recall_build_seconds("k1", dev), 6.0);
    EXPECT_FALSE(recall_build_seconds("k1", "another device")) << "another device's program";
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(BuildTimeMemo, AnUnwritableDirectoryFailsNothing) {
    ::setenv("CLGAUGE_CACHE_DIR", "/proc/clgauge-cannot-be-here", 1);
    remember_build_seconds("k", "clgauge test device", 1.0);
    EXPECT_FALSE(recall_build_seconds("k", "clgauge test device"));
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(BuildTimeMemo, ReadsTheInstalledTimesOfItsDevice) {
    const auto dir = test::fresh_test_dir("build_time_memo");
    const std::string path = (dir / "build-seconds.json").string();
    write_output_file(path, R"({"schema": "clgauge.build_seconds",
        "devices": {"GPU A": {"p1": 7.5, "p2": 0.25}, "GPU B": {"p1": 1.0}}})");
    EXPECT_EQ(installed_build_seconds(path, "p1", "GPU A"), 7.5);
    EXPECT_EQ(installed_build_seconds(path, "p2", "GPU A"), 0.25);
    EXPECT_EQ(installed_build_seconds(path, "p1", "GPU B"), 1.0) << "another device's time";
    EXPECT_FALSE(installed_build_seconds(path, "p2", "GPU B"));
    EXPECT_FALSE(installed_build_seconds(path, "p1", "GPU C"));
    const std::string damaged = (dir / "damaged.json").string();
    write_output_file(damaged, R"({"schema": "clgauge.build_seconds", "devices": {"GPU A": )");
    EXPECT_FALSE(installed_build_seconds(damaged, "p1", "GPU A"));
    const std::string other = (dir / "other.json").string();
    write_output_file(other,
                      R"({"schema": "clgauge.perf_costs", "devices": {"GPU A": {"p1": 2}}})");
    EXPECT_FALSE(installed_build_seconds(other, "p1", "GPU A")) << "another file's schema";
}

// A machine's first run, with nothing kept: the times installed with the baselines order it.
TEST(BuildTimeMemo, AFirstRunRecallsTheInstalledTimes) {
    const auto dir = test::fresh_test_dir("build_time_memo");
    ::setenv("CLGAUGE_CACHE_DIR", dir.c_str(), 1);
    const auto text = read_file_text(installed_build_seconds_path());
    ASSERT_TRUE(text) << installed_build_seconds_path() << ": not there";
    const auto j = nlohmann::json::parse(*text);
    ASSERT_FALSE(j.at("devices").empty());
    const auto& [device, programs] = *j.at("devices").items().begin();
    ASSERT_FALSE(programs.empty());
    const auto& [program, seconds] = *programs.items().begin();
    EXPECT_EQ(recall_build_seconds(program, device), seconds.get<double>())
        << "a first run did not recall the installed time";
    remember_build_seconds(program, device, seconds.get<double>() + 1);
    EXPECT_EQ(recall_build_seconds(program, device), seconds.get<double>() + 1)
        << "a longer compile kept here lost to the installed time";
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(BuildTimeMemo, EachCompileBeginsInTimeForTheRunsNeed) {
    // Asked for one a second: the first two now, a long compile late, short ones between.
    const std::vector<std::optional<double>> seconds = {0.5, 0.5, 0.2, 0.2, 0.2, 0.2, 7.0};
    // Latest starts: -0.5, 0.5, 1.8, 2.8, 3.8, 4.8, -1.0.
    EXPECT_EQ(build_order(seconds, 1.0), (std::vector<size_t>{6, 0, 1, 2, 3, 4, 5}));
    // Needed later still, it waits behind what the run needs sooner.
    const std::vector<std::optional<double>> later = {0.5, 0.5, 0.2, 0.2, 0.2, 0.2,
                                                      0.2, 0.2, 0.2, 0.2, 3.0};
    EXPECT_EQ(build_order(later, 1.0), (std::vector<size_t>{0, 1, 2, 3, 4, 5, 6, 7, 10, 8, 9}));
    const std::vector<std::optional<double>> unknown = {0.5, std::nullopt, 9.0};
    EXPECT_EQ(build_order(unknown, 1.0), (std::vector<size_t>{1, 2, 0})) << "unknown not first";
}

TEST(BuildTimeMemo, TheLongestFirstThenTheUnknown) {
    const std::vector<std::optional<double>> seconds = {0.3, std::nullopt, 4.5, 0.9, std::nullopt};
    EXPECT_EQ(longest_builds_first(seconds), (std::vector<size_t>{2, 3, 0, 1, 4}));
    const std::vector<std::optional<double>> none(3);
    EXPECT_EQ(longest_builds_first(none), (std::vector<size_t>{0, 1, 2})) << "not as found";
}

} // namespace
} // namespace clgauge
