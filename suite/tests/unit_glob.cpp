// label unit: the glob matcher of --only, known-failure lists and --drop-recordings
// (registry/registry.hpp): right on the tricky cases, and done at once for patterns of many
// stars, which a backtracking matcher takes exponential time over. Nothing here is timed: a
// matcher that hangs runs into the case's CTest TIMEOUT. No device needed.
#include "registry/registry.hpp"

#include <gtest/gtest.h>
#include <string>

namespace clgauge {
namespace {

TEST(Glob, TrickyCases) {
    EXPECT_TRUE(glob_match("fp32.fma", "fp32.fma"));
    EXPECT_FALSE(glob_match("fp32.fma", "fp32.fmaX"));
    EXPECT_FALSE(glob_match("fp32.fma", "xfp32.fma"));
    EXPECT_TRUE(glob_match("*", ""));
    EXPECT_TRUE(glob_match("*", "anything"));
    EXPECT_FALSE(glob_match("?", ""));
    EXPECT_TRUE(glob_match("fp?.fma", "fp8.fma"));
    EXPECT_FALSE(glob_match("fp?.fma", "fp32.fma"));
    EXPECT_TRUE(glob_match("*.fma", "fp32.fma"));
    EXPECT_TRUE(glob_match("a*b*c", "abc"));
    EXPECT_TRUE(glob_match("a*b*c", "aXbYbZc"));
    EXPECT_FALSE(glob_match("a*b*c", "aXbYcZ"));
    EXPECT_TRUE(glob_match("*ab", "aab")); // the star must give back a character
    EXPECT_TRUE(glob_match("*a*a", "aaa"));
    EXPECT_FALSE(glob_match("*a*a", "a"));
    EXPECT_TRUE(glob_match("**fp32.fma", "fp32.fma"));
    EXPECT_TRUE(glob_match("mem.*", "mem.coalesced.read"));
    EXPECT_FALSE(glob_match("mem.*", "memory"));
    // Alternatives: any one matches; empty ones are ignored, and an empty pattern matches none.
    EXPECT_TRUE(glob_match("int32.*,fp32.fma", "fp32.fma"));
    EXPECT_TRUE(glob_match(",fp32.fma,", "fp32.fma"));
    EXPECT_FALSE(glob_match("", "fp32.fma"));
    EXPECT_FALSE(glob_match(",,", "fp32.fma"));
}

// Stars before a name, stars between single characters, and stars that cannot succeed: a
// recursive matcher tries every split of the text among the stars.
TEST(Glob, ManyStarsFinish) {
    const std::string twelve = std::string(12, '*') + "fp32.fma";
    EXPECT_TRUE(glob_match(twelve, "fp32.fma"));
    EXPECT_FALSE(glob_match(twelve, "mem.coalesced.read.and.a.long.tail.of.text"));
    std::string spread, text(60, 'a');
    for (int i = 0; i < 20; ++i)
        spread += "*a";
    EXPECT_FALSE(glob_match(spread + "*b", text));
    EXPECT_FALSE(glob_match(spread + "c*", text + "b"));
    EXPECT_TRUE(glob_match(spread + "*", text));
    std::string device(14 * 2, '*');
    for (size_t i = 1; i < device.size(); i += 2)
        device[i] = '?';
    EXPECT_FALSE(glob_match(device + "x", "Portable Computing Language cpu-haswell-AMD EPYC"));
}

TEST(Glob, UnmatchedAlternativesAreNamed) {
    EXPECT_TRUE(unmatched_alternatives("fp32.fma,mem.*").empty());
    EXPECT_EQ(unmatched_alternatives("fp32.fma,typo"), std::vector<std::string>{"typo"});
    EXPECT_EQ(unmatched_alternatives("nothing*"), std::vector<std::string>{"nothing*"});
}

} // namespace
} // namespace clgauge
