// label unit: how a program finds its install prefix and its baselines. An installed clgauge
// (<prefix>/bin) and the installed test programs (<prefix>/lib/clgauge) find
// <prefix>/share/clgauge/baselines wherever the tree lies; a build tree's programs find none
// and keep to the source tree's baselines/. No device needed.
#include "baseline/match.hpp"
#include "core/install_layout.hpp"
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
    EXPECT_EQ(install_prefix_of(prefix / "bin"), prefix);
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge"), prefix);
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge" / ""), prefix);
}

TEST_F(InstallLayout, RelocatedTreeFindsItsNewPrefix) {
    const fs::path moved = root / "elsewhere";
    fs::rename(prefix, moved);
    EXPECT_EQ(install_prefix_of(moved / "bin"), moved);
    EXPECT_EQ(install_prefix_of(prefix / "bin"), std::nullopt);
}

// A build tree's programs (build/clgauge, build/suite/tests/...) are not installed, even
// where a share/clgauge/baselines lies beside them.
TEST_F(InstallLayout, BuildTreeHasNoPrefix) {
    fs::create_directories(root / "share" / "clgauge" / "baselines");
    EXPECT_EQ(install_prefix_of(root / "build"), std::nullopt);
    EXPECT_EQ(install_prefix_of(root / "build" / "suite" / "tests"), std::nullopt);
    EXPECT_EQ(install_prefix_of(""), std::nullopt);
}

// Planted fault: a prefix whose share/clgauge/baselines is missing is no install.
TEST_F(InstallLayout, PrefixWithoutBaselinesIsNoInstall) {
    fs::remove_all(prefix / "share");
    EXPECT_EQ(install_prefix_of(prefix / "bin"), std::nullopt);
    EXPECT_EQ(install_prefix_of(prefix / "lib" / "clgauge"), std::nullopt);
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
