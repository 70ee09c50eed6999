// The resource reports kept by fingerprint (core/kernel_report_memo): a report remembered under a
// key is recalled under that key alone, and an unwritable cache directory fails nothing.
#include "core/kernel_report_memo.hpp"
#include "test_dir.hpp"

#include <cstdlib>
#include <gtest/gtest.h>

namespace clgauge {
namespace {

TEST(ResourceMemo, RecallsUnderTheSameKeyOnly) {
    const auto dir = test::fresh_test_dir("resource_memo");
    ::setenv("CLGAUGE_CACHE_DIR", dir.c_str(), 1);
    remember_resource_report("0123abcd-580.159.04-NVIDIA H100", "ptxas info : Used 9 registers");
    EXPECT_EQ(recall_resource_report("0123abcd-580.159.04-NVIDIA H100"),
              std::optional<std::string>("ptxas info : Used 9 registers"));
    EXPECT_FALSE(recall_resource_report("0123abcd-590.10-NVIDIA H100")) << "another driver";
    EXPECT_FALSE(recall_resource_report("ffff0000-580.159.04-NVIDIA H100")) << "other code";
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

TEST(ResourceMemo, AnUnwritableDirectoryFailsNothing) {
    ::setenv("CLGAUGE_CACHE_DIR", "/proc/clgauge-cannot-be-here", 1);
    remember_resource_report("k", "report");
    EXPECT_FALSE(recall_resource_report("k"));
    ::unsetenv("CLGAUGE_CACHE_DIR");
}

} // namespace
} // namespace clgauge
