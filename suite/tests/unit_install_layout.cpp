// label unit: how a program finds its install prefix and its baselines. An installed clgauge
// (<prefix>/bin) and the installed test programs (<prefix>/lib/clgauge) find
// <prefix>/share/clgauge/baselines wherever the tree lies, and look nowhere else when it is
// missing; a build tree's programs find none and keep to the source tree's baselines/. No
// device needed.
#include "base/install_layout.hpp"
#include "baseline/match.hpp"
#include "test_dir.hpp"

#include <filesystem>
#include <gtest/gtest.h>

namespace clgauge {
namespace {

namespace fs = std::filesystem;

class InstallLayout : public ::testing::Test {
  protected:
    void SetUp() override {
        root = test::fresh_test_dir("layout");
        prefix = root / "opt" / "clgauge-0.1.0";
        for (const char* d : {"bin", "lib/clgauge", "share/clgauge/baselines"})
            fs::create_directories(prefix / d);
        fs::create_directories(root / "build" / "suite" / "tests");
    }
    void TearDown() override { fs::remove_all(root); }
    fs::path root, prefix;
};

TEST_F(InstallLayout, InstalledProgramsFindTheirPrefix) {
    const fs::path build = root / "build";
    EXPECT_EQ(install_prefix_of(prefix / "bin", build), prefix);
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge", build), prefix);
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge" / "", build), prefix);
}

TEST_F(InstallLayout, RelocatedTreeFindsItsNewPrefix) {
    const fs::path moved = root / "elsewhere";
    fs::rename(prefix, moved);
    EXPECT_EQ(install_prefix_of(moved / "bin", root / "build"), moved);
}

// A build tree's programs (build/clgauge, build/suite/tests/...) are not installed, even
// where a share/clgauge/baselines lies beside them or the build directory is called bin.
TEST_F(InstallLayout, BuildTreeHasNoPrefix) {
    const fs::path build = root / "build";
    fs::create_directories(root / "share" / "clgauge" / "baselines");
    EXPECT_EQ(install_prefix_of(build, build), std::nullopt);
    EXPECT_EQ(install_prefix_of(build / "suite" / "tests", build), std::nullopt);
    EXPECT_EQ(install_prefix_of(build / "", build), std::nullopt);
    EXPECT_EQ(install_prefix_of(root / "bin", root / "bin"), std::nullopt);
    EXPECT_EQ(install_prefix_of("", build), std::nullopt);
}

// Planted fault: an installed tree whose share/clgauge/baselines is missing is still an
// installed tree: it looks for its own baselines (and says they are missing), never for the
// source tree's.
TEST_F(InstallLayout, PrefixWithoutBaselinesIsStillAnInstall) {
    fs::remove_all(prefix / "share");
    const auto found = install_prefix_of(prefix / "bin", root / "build");
    ASSERT_EQ(found, prefix);
    EXPECT_EQ(choose_baselines_dir("", "", found, "/src"),
              (prefix / "share" / "clgauge" / "baselines").string());
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge", root / "build"), prefix);
}

// A program copied out of its build tree (not under bin/) looks where an installed one would.
TEST_F(InstallLayout, CopiedProgramNeverReadsItsBuildTree) {
    EXPECT_EQ(install_prefix_of(root / "tools", root / "build"), root);
    EXPECT_NE(
        choose_baselines_dir("", "", install_prefix_of(root / "tools", root / "build"), "/src"),
        "/src/baselines");
}

TEST_F(InstallLayout, BaselinesDirOrder) {
    const std::string installed = (prefix / "share" / "clgauge" / "baselines").string();
    EXPECT_EQ(choose_baselines_dir("opt", "env", prefix, "/src"), "opt");
    EXPECT_EQ(choose_baselines_dir("", "env", prefix, "/src"), "env");
    EXPECT_EQ(choose_baselines_dir("", "", prefix, "/src"), installed);
    EXPECT_EQ(choose_baselines_dir("", "", std::nullopt, "/src"), "/src/baselines");
}

TEST_F(InstallLayout, InstalledOrBuiltProgram) {
    EXPECT_EQ(installed_or_built(prefix, "bin/clgauge", "/b/clgauge"),
              (prefix / "bin" / "clgauge").string());
    EXPECT_EQ(installed_or_built(std::nullopt, "bin/clgauge", "/b/clgauge"), "/b/clgauge");
}

// This test program runs from the build tree (the unit label is not installed): no prefix.
TEST(InstallLayoutHere, BuildTreeProgramHasNoPrefix) {
    EXPECT_EQ(install_prefix(), std::nullopt) << executable_dir();
    EXPECT_FALSE(executable_dir().empty());
}

} // namespace
} // namespace clgauge
