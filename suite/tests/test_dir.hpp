// A scratch directory of the running test's own, for the tests that write files.
#pragma once
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace clgauge::test {

// <tmp>/clgauge-<kind>-<pid>-<test name>, empty: the process id and the test's name keep
// parallel runs and the cases of one run apart. The caller creates it where it needs to.
inline std::filesystem::path fresh_test_dir(const std::string& kind) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() /
        ("clgauge-" + kind + "-" + std::to_string(::getpid()) + "-" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    return dir;
}

} // namespace clgauge::test
