// label unit: the reporters: sections land in the device announced last, results replace the
// header, and the files hold what the run reported. No device needed.
#include "report/reporter.hpp"
#include "text_file.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace clgauge {
namespace {

DeviceReport header(size_t index, const std::string& mode) {
    DeviceReport r;
    r.device_index = index;
    r.facts.name = "device " + std::to_string(index);
    r.mode = mode;
    return r;
}

TEST(Reporter, SectionsAndResultsReachTheirDevice) {
    const auto dir = std::filesystem::temp_directory_path() / "clgauge_unit_reporter";
    std::filesystem::remove_all(dir);
    Benchmark b;
    b.id = "x.one";
    b.family = "x";
    ReporterList list;
    list.add(std::make_unique<JsonReporter>((dir / "r.json").string()));
    list.add(std::make_unique<CsvReporter>((dir / "r.csv").string()));
    list.device(header(0, "sweep"));
    list.section("sweeps", {{"name", "fma"}});
    list.device(header(3, ""));
    DeviceReport done = header(3, "perf");
    done.results.push_back({&b, Measurement{}});
    list.results(done);
    list.section("timing_analysis", {{"error", "none"}});
    list.finish();

    const auto j = nlohmann::json::parse(test::read_text(dir / "r.json"));
    ASSERT_EQ(j.at("devices").size(), 2u);
    EXPECT_EQ(j["devices"][0]["mode"], "sweep");
    EXPECT_EQ(j["devices"][0]["sweeps"]["name"], "fma");
    EXPECT_FALSE(j["devices"][0].contains("timing_analysis"));
    EXPECT_EQ(j["devices"][1]["index"], 3);
    EXPECT_EQ(j["devices"][1]["mode"], "perf");
    EXPECT_EQ(j["devices"][1]["metrics"][0]["id"], "x.one");
    EXPECT_EQ(j["devices"][1]["timing_analysis"]["error"], "none");
    EXPECT_NE(test::read_text(dir / "r.csv").find("device 3,x.one,x,"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(Reporter, ConsoleSkipsADeviceAlreadyShown) {
    std::ostringstream shown, skipped;
    ConsoleReporter(shown, [](size_t) { return true; }).device(header(0, ""));
    ConsoleReporter(skipped, [](size_t) { return false; }).device(header(0, ""));
    EXPECT_NE(shown.str().find("device 0"), std::string::npos);
    EXPECT_TRUE(skipped.str().empty());
}

} // namespace
} // namespace clgauge
