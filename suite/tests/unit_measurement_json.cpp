// label unit: one JSON form of a measurement. What the report writes, the crash journal and
// the report reader read back whole, and a bad field is named with its file.
#include "analysis/report_file.hpp"
#include "measurement_sample.hpp"
#include "report/json_report.hpp"
#include "report/measurement_json.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace clgauge {
namespace {

using Fields = JsonFields<std::invalid_argument>;

Benchmark latency_benchmark() {
    Benchmark b;
    b.id = "launch.latency";
    b.family = "launch";
    b.unit = Unit::Seconds;
    return b;
}

TEST(MeasurementJson, RoundTripsEveryField) {
    const Measurement a = test::full_measurement();
    const nlohmann::json j = measurement_to_json(latency_benchmark(), a);
    test::expect_same_measurement(measurement_from_json(Fields(j, "m.json", "")), a);
    // Through text, as the journal and the report are written.
    const nlohmann::json again = nlohmann::json::parse(j.dump());
    test::expect_same_measurement(measurement_from_json(Fields(again, "m.json", "")), a);
}

TEST(MeasurementJson, AnOkMeasurementKeepsItsFigure) {
    Measurement a = test::full_measurement();
    a.status = Status::Ok;
    a.time_is_figure = false;
    a.verification.mismatches = 0;
    a.verification.degenerate.clear();
    const Measurement b =
        measurement_from_json(Fields(measurement_to_json(latency_benchmark(), a), "m.json", ""));
    test::expect_same_measurement(b, a);
    EXPECT_GT(b.rate(), 0);
}

// The --json report's metrics are this form: the report reader gets the same measurement.
TEST(MeasurementJson, TheReportReaderReadsTheReportsForm) {
    static const Benchmark b = latency_benchmark();
    Measurement a = test::full_measurement();
    a.status = Status::Ok;
    a.verification.mismatches = 0;
    a.verification.degenerate.clear();
    DeviceReport r;
    r.facts.name = "Test Device";
    r.mode = "perf";
    r.results.push_back({&b, a});
    const analysis::ReportFile f = analysis::report_from_json(report_to_json({r}), "r.json");
    ASSERT_EQ(f.devices.size(), 1u);
    ASSERT_EQ(f.devices[0].metrics.size(), 1u);
    test::expect_same_measurement(f.devices[0].metrics[0].measurement, a);
    EXPECT_EQ(f.devices[0].metrics[0].id, "launch.latency");
}

TEST(MeasurementJson, ABadFieldIsNamedWithItsFile) {
    nlohmann::json j = measurement_to_json(latency_benchmark(), test::full_measurement());
    j["status"] = "sideways";
    try {
        (void)measurement_from_json(Fields(j, "journal.jsonl", "result.m"));
        FAIL() << "an unknown status was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("journal.jsonl: result.m.status: unknown status"),
                  std::string::npos)
            << e.what();
    }
    j = measurement_to_json(latency_benchmark(), test::full_measurement());
    j["verification"]["checked"] = -1;
    EXPECT_THROW((void)measurement_from_json(Fields(j, "j", "")), std::invalid_argument);
    j = measurement_to_json(latency_benchmark(), test::full_measurement());
    j["clock"] = "sundial";
    EXPECT_THROW((void)measurement_from_json(Fields(j, "j", "")), std::invalid_argument);
}

// A report written before a field was added still reads: its defaults.
TEST(MeasurementJson, AnOlderReportReadsWithDefaults) {
    const nlohmann::json j = {{"id", "fp32.fma"}, {"unit", "FLOP/s"}, {"status", "ok"},
                              {"rate", 2.0},      {"median_s", 0.5},  {"work_per_launch", 1.0}};
    const Measurement m = measurement_from_json(Fields(j, "old.json", ""));
    EXPECT_EQ(m.status, Status::Ok);
    EXPECT_FALSE(m.time_is_figure);
    EXPECT_EQ(m.rate(), 2.0);
    EXPECT_TRUE(m.details.empty());
    EXPECT_FALSE(m.code.known());
}

} // namespace
} // namespace clgauge
