// label unit: settings reach a run only through RunOptions, read from the environment in one
// place (base/env.cpp). No device needed.
#include "base/clipped_text.hpp"
#include "base/env.hpp"
#include "cli/options.hpp"
#include "text_file.hpp"
#include "types/run_options.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace clgauge {
namespace {

// True when `text` calls getenv (or secure_getenv) itself.
bool reads_environment(const std::string& text) {
    return text.find("getenv(") != std::string::npos;
}

TEST(Settings, OnlyCoreEnvReadsTheEnvironment) {
    const std::filesystem::path root(CLGAUGE_SOURCE_DIR);
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / "suite")) {
        const auto rel = std::filesystem::relative(e.path(), root).string();
        if (!e.is_regular_file() || rel.rfind("suite/tests/", 0) == 0) continue;
        if (rel == "suite/base/env.cpp") continue;
        EXPECT_FALSE(reads_environment(test::read_text(e.path())))
            << rel << " reads the environment itself";
    }
}

// Planted fault: the check sees a harness that reads a variable on its own.
TEST(Settings, PlantedGetenvIsCaught) {
    EXPECT_TRUE(reads_environment("const char* v = std::getenv(\"CLGAUGE_MEM_MIB\");"));
    EXPECT_FALSE(reads_environment("opts.launch.array_bytes.value_or(0)"));
}

// Integers are plain decimal wherever they are typed: no hex, no octal, no sign '+' or space.
TEST(Settings, IntegersArePlainDecimal) {
    EXPECT_EQ(decimal_integer("10"), 10);
    EXPECT_EQ(decimal_integer("0"), 0);
    EXPECT_EQ(decimal_integer("-5"), -5);
    for (const char* bad : {"0x10", "010", "+10", " 10", "10 ", "", "-", "1e3", "--1"})
        EXPECT_FALSE(decimal_integer(bad)) << "'" << bad << "' was read";
    bool out_of_range = false;
    EXPECT_FALSE(decimal_integer("99999999999999999999999", &out_of_range));
    EXPECT_TRUE(out_of_range);
    EXPECT_THROW(parse_cli({"--budget-ms", "0x10"}), UsageError);
    EXPECT_THROW(parse_cli({"--budget-ms", "010"}), UsageError);
    EXPECT_EQ(parse_cli({"--budget-ms", "10"}).run.budget_ms, 10);
    setenv("CLGAUGE_BUDGET_MS", "0x10", 1);
    EXPECT_THROW(env_integer("CLGAUGE_BUDGET_MS", 100, 1, 600000), std::invalid_argument);
    unsetenv("CLGAUGE_BUDGET_MS");
}

// A value from a file or the command line is repeated clipped: its head, its tail and how
// much was left out, never megabytes of it.
TEST(Settings, LongValuesAreClippedInMessages) {
    const std::string big(10'000'000, 'x');
    const std::string c = clipped(big + "tail");
    EXPECT_LE(c.size(), kClippedTextMax + 60);
    EXPECT_NE(c.find("characters left out"), std::string::npos);
    EXPECT_EQ(c.substr(c.size() - 4), "tail");
    EXPECT_EQ(clipped("short"), "short");
}

TEST(Settings, MemTuneParsesEveryKey) {
    const MemTune t = parse_mem_tune("vec=8,unroll=4,wgs=2,local=128,tile=grid,covers=3");
    EXPECT_EQ(t.vec, 8u);
    EXPECT_EQ(t.unroll, 4u);
    EXPECT_EQ(t.wgs, 2u);
    EXPECT_EQ(t.local, 128u);
    EXPECT_EQ(t.tile, 0u); // the grid-stride loop
    EXPECT_EQ(t.covers, 3u);
    EXPECT_FALSE(parse_mem_tune("").vec.has_value());
    EXPECT_EQ(parse_mem_tune("tile=16").tile, 16u);
}

TEST(Settings, MemTuneRefusesBadItemsByName) {
    for (const char* bad : {"vec=0", "vec", "width=4", "unroll=x", "unroll=4x", "unroll="}) {
        try {
            parse_mem_tune(bad);
            ADD_FAILURE() << bad << " was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("CLGAUGE_MEM_TUNE"), std::string::npos);
        }
    }
}

// The environment's memory and transfer settings arrive as RunOptions fields.
TEST(Settings, EnvironmentFillsRunOptions) {
    ::setenv("CLGAUGE_MEM_MIB", "3", 1);
    ::setenv("CLGAUGE_MEM_STRIDE", "7", 1);
    ::setenv("CLGAUGE_MEM_TUNE", "vec=2", 1);
    ::setenv("CLGAUGE_XFER_MIB", "5", 1);
    const RunOptions o = run_options_from_env(Mode::Perf);
    ::unsetenv("CLGAUGE_MEM_MIB");
    ::unsetenv("CLGAUGE_MEM_STRIDE");
    ::unsetenv("CLGAUGE_MEM_TUNE");
    ::unsetenv("CLGAUGE_XFER_MIB");
    EXPECT_EQ(o.launch.array_bytes, size_t(3) << 20);
    EXPECT_EQ(o.launch.stride, 7u);
    EXPECT_EQ(o.launch.mem_tune.vec, 2u);
    EXPECT_EQ(o.launch.transfer_bytes, size_t(5) << 20);
    const RunOptions none = run_options_from_env(Mode::Conformance);
    EXPECT_FALSE(none.launch.array_bytes || none.launch.stride || none.launch.transfer_bytes);
    EXPECT_EQ(none.mode, Mode::Conformance);
}

} // namespace
} // namespace clgauge
