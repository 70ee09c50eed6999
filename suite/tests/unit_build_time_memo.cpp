// label unit: the compile times kept on disk (core/build_time_memo), which order a cold run's
// builds longest first: the longest compile seen is kept (a cache hit's milliseconds never
// replace it), an unwritable directory fails nothing, and the order puts unknown programs
// first, as found, then the longest.
#include "core/build_time_memo.hpp"
#include "test_dir.hpp"

#include <cstdlib>
#include <gtest/gtest.h>

namespace clgauge {
namespace {

TEST(BuildTimeMemo, KeepsTheLongestCompileSeen) {
    const auto dir = test::fresh_test_dir("build_time_memo");
    ::setenv("CLGAUGE_CACHE_DIR", dir.c_str(), 1);
    EXPECT_FALSE(recall_build_seconds("k1-dev"));
    remember_build_seconds("k1-dev", 4.5);
    remember_build_seconds("k1-dev", 0.02); // the driver's cache served it
    EXPECT_EQ(recall_build_seconds("k1-dev"), 4.5) << "a cache hit replaced the compile's time";
    remember_build_seconds("k1-dev", 6.0);
    EXPECT_EQ(recall_build_seconds("k1-dev"), 6.0);
    EXPECT_FALSE(recall_build_seconds("k1-other")) << "another device's program";
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(BuildTimeMemo, AnUnwritableDirectoryFailsNothing) {
    ::setenv("CLGAUGE_CACHE_DIR", "/proc/clgauge-cannot-be-here", 1);
    remember_build_seconds("k", 1.0);
    EXPECT_FALSE(recall_build_seconds("k"));
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(BuildTimeMemo, UnknownFirstThenTheLongest) {
    const std::vector<std::optional<double>> seconds = {0.3, std::nullopt, 4.5, 0.9, std::nullopt};
    EXPECT_EQ(longest_builds_first(seconds), (std::vector<size_t>{1, 4, 2, 3, 0}));
    const std::vector<std::optional<double>> none(3);
    EXPECT_EQ(longest_builds_first(none), (std::vector<size_t>{0, 1, 2})) << "not as found";
}

} // namespace
} // namespace clgauge
