// label unit: baseline files (schema, validation, matching, merging) and the perf verdict
// (tolerance, direction, staleness, lost capabilities): no device needed.
#include "baseline/check.hpp"
#include "baseline/compare.hpp"
#include "baseline/match.hpp"
#include "baseline/record.hpp"
#include "cli/options.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace clgauge {
namespace {

namespace fs = std::filesystem;

DeviceFacts h200() {
    DeviceFacts f;
    f.platform = "NVIDIA CUDA";
    f.vendor = "NVIDIA Corporation";
    f.vendor_id = 0x10de;
    f.name = "NVIDIA H200";
    f.driver = "580.65.06";
    f.type = CL_DEVICE_TYPE_GPU;
    f.compute_units = 132;
    f.clock_mhz = 1980;
    return f;
}

DeviceFacts pocl_cpu() {
    DeviceFacts f;
    f.platform = "Portable Computing Language";
    f.vendor = "AuthenticAMD";
    f.vendor_id = 0x8086; // what PoCL reports, whatever the CPU
    f.name = "pthread-skylake-avx512-AMD EPYC";
    f.driver = "3.1+debian";
    f.type = CL_DEVICE_TYPE_CPU;
    return f;
}

std::vector<double> around(double median, double spread, size_t n = 11) {
    std::vector<double> v;
    for (size_t i = 0; i < n; ++i)
        v.push_back(median * (1.0 + spread * (double(i) - double(n / 2)) / double(n)));
    return v;
}

MetricBaseline ok_metric(double median, double tol = 0.05, Unit unit = Unit::FlopPerSecond) {
    MetricBaseline m;
    m.unit = unit;
    m.path = "native";
    m.samples = around(median, 0.01);
    const Stats s = summarize(m.samples);
    m.median = s.median;
    m.mad = s.mad;
    m.min = s.min;
    m.max = s.max;
    m.mean = s.mean;
    m.rounds = 1;
    m.tolerance = tol;
    m.driver = "580.65.06";
    m.date = "2026-11-21T06:00:00Z";
    m.clgauge_version = "0.1.0";
    return m;
}

BaselineFile sample_file() {
    const std::vector<std::pair<std::string, MetricBaseline>> rec = {
        {"fp32.fma", ok_metric(5e13)}, {"int32.mad", ok_metric(2e13, 0.08, Unit::OpPerSecond)}};
    BaselineFile f = merge_baseline(nullptr, h200(), rec, "2026-11-21T06:00:00Z");
    MetricBaseline un;
    un.unit = Unit::FlopPerSecond;
    un.supported = false;
    un.reason = "no cl_khr_fp16";
    f.metrics["fp16.fma"] = un;
    return f;
}

// ---- matching ----

TEST(BaselineMatch, SlugAndVendorDirectory) {
    EXPECT_EQ(slugify("NVIDIA H200"), "nvidia-h200");
    EXPECT_EQ(slugify("NVIDIA H100 80GB HBM3"), "nvidia-h100-80gb-hbm3");
    EXPECT_EQ(slugify("  Intel(R) Data Center GPU Max 1550 "), "intel-r-data-center-gpu-max-1550");
    EXPECT_EQ(slugify("***"), "unnamed");
    EXPECT_EQ(vendor_dir(h200()), "nvidia");
    EXPECT_EQ(vendor_dir(pocl_cpu()), "amd") << "the vendor string wins over PoCL's vendor id";
    EXPECT_EQ(baseline_path("b", h200()), "b/nvidia/nvidia-h200.json");
}

TEST(BaselineMatch, VendorNameAndIdMatchDriverDoesNot) {
    BaselineDevice d = device_of(h200());
    DeviceFacts other_driver = h200();
    other_driver.driver = "590.10";
    EXPECT_FALSE(device_mismatch(d, other_driver)) << "a new driver must still match";
    DeviceFacts other_name = h200();
    other_name.name = "NVIDIA H100 80GB HBM3";
    EXPECT_TRUE(device_mismatch(d, other_name));
    DeviceFacts other_vendor = h200();
    other_vendor.vendor = "Intel(R) Corporation";
    EXPECT_TRUE(device_mismatch(d, other_vendor));
    DeviceFacts other_id = h200();
    other_id.vendor_id = 0x1002;
    EXPECT_TRUE(device_mismatch(d, other_id));
    d.vendor_id = 0; // recorded where the id was unknown: vendor and name decide
    EXPECT_FALSE(device_mismatch(d, other_id));
}

class TempDir : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = fs::temp_directory_path() /
              ("clgauge-unit-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string write(const std::string& name, const std::string& text) {
        const fs::path p = dir / name;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << text;
        return p.string();
    }
    static std::string read(const fs::path& p) {
        std::ifstream in(p);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    fs::path dir;
};

using BaselineFiles = TempDir;

TEST_F(BaselineFiles, NoFileMeansNoBaselineAndSaysHowToRecord) {
    EXPECT_FALSE(find_baseline(dir.string(), h200()).has_value());
    const std::string how = how_to_record(dir.string(), h200());
    EXPECT_NE(how.find("clgauge --record"), std::string::npos) << how;
    EXPECT_NE(how.find("nvidia/nvidia-h200.json"), std::string::npos) << how;
}

TEST_F(BaselineFiles, FileOfAnotherDeviceIsAnError) {
    BaselineFile f = sample_file();
    f.device.name = "NVIDIA H100 80GB HBM3"; // stored under the H200's name
    save_baseline(baseline_path(dir.string(), h200()), f);
    try {
        find_baseline(dir.string(), h200());
        FAIL() << "no error";
    } catch (const BaselineError& e) {
        EXPECT_NE(std::string(e.what()).find("nvidia-h200.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("H100"), std::string::npos) << e.what();
    }
}

TEST_F(BaselineFiles, SchemaRoundTripIsExact) {
    const BaselineFile f = sample_file();
    const std::string path = baseline_path(dir.string(), h200());
    save_baseline(path, f);
    EXPECT_FALSE(fs::exists(path + ".tmp"));
    const auto g = find_baseline(dir.string(), h200());
    ASSERT_TRUE(g);
    EXPECT_EQ(baseline_to_json(*g), baseline_to_json(f));
    EXPECT_EQ(g->device.name, "NVIDIA H200");
    EXPECT_EQ(g->driver, "580.65.06");
    const MetricBaseline& m = g->metrics.at("fp32.fma");
    EXPECT_EQ(m.samples, f.metrics.at("fp32.fma").samples);
    EXPECT_DOUBLE_EQ(m.median, f.metrics.at("fp32.fma").median);
    EXPECT_EQ(m.unit, Unit::FlopPerSecond);
    EXPECT_FALSE(g->metrics.at("fp16.fma").supported);
    EXPECT_EQ(g->metrics.at("fp16.fma").reason, "no cl_khr_fp16");
}

TEST_F(BaselineFiles, MissingAndMalformedFilesNameTheFile) {
    const std::string missing = (dir / "nope.json").string();
    EXPECT_THROW(
        try { load_baseline(missing); } catch (const BaselineError& e) {
            EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
            throw;
        },
        BaselineError);
    const std::string bad = write("bad.json", "{\"schema\": \"clgauge.baseline\",");
    EXPECT_THROW(
        try { load_baseline(bad); } catch (const BaselineError& e) {
            EXPECT_NE(std::string(e.what()).find(bad + ": not valid JSON"), std::string::npos)
                << e.what();
            throw;
        },
        BaselineError);
}

// Each bad edit of a valid file must give a BaselineError naming the file and the field.
struct BadEdit {
    const char* what;
    std::function<void(nlohmann::json&)> edit;
    const char* field;
};

TEST(BaselineSchema, BadFilesAreClearErrors) {
    const nlohmann::json good = baseline_to_json(sample_file());
    auto fp32 = [](nlohmann::json& j) -> nlohmann::json& { return j["metrics"]["fp32.fma"]; };
    const std::vector<BadEdit> edits = {
        {"wrong schema", [](auto& j) { j["schema"] = "clgauge.report"; }, "schema"},
        {"newer schema version", [](auto& j) { j["schema_version"] = 2; }, "schema_version"},
        {"schema version as text", [](auto& j) { j["schema_version"] = "1"; }, "schema_version"},
        {"no device", [](auto& j) { j.erase("device"); }, "device: missing field"},
        {"no device name", [](auto& j) { j["device"].erase("name"); }, "device.name: missing"},
        {"empty vendor", [](auto& j) { j["device"]["vendor"] = ""; }, "device.vendor"},
        {"no driver", [](auto& j) { j.erase("driver"); }, "driver: missing"},
        {"metrics not an object", [](auto& j) { j["metrics"] = nlohmann::json::array(); },
         "metrics"},
        {"no median", [&](auto& j) { fp32(j).erase("median"); },
         "metrics[\"fp32.fma\"].median: missing field"},
        {"negative median", [&](auto& j) { fp32(j)["median"] = -5e13; },
         "metrics[\"fp32.fma\"].median: must be positive"},
        {"zero median", [&](auto& j) { fp32(j)["median"] = 0; }, "metrics[\"fp32.fma\"].median"},
        {"median as text", [&](auto& j) { fp32(j)["median"] = "5e13"; },
         "metrics[\"fp32.fma\"].median: must be a number"},
        {"zero min", [&](auto& j) { fp32(j)["min"] = 0; }, "metrics[\"fp32.fma\"].min"},
        {"negative mad", [&](auto& j) { fp32(j)["mad"] = -1; }, "metrics[\"fp32.fma\"].mad"},
        {"zero sample", [&](auto& j) { fp32(j)["samples"][3] = 0; },
         "metrics[\"fp32.fma\"].samples[3]"},
        {"too few samples",
         [&](auto& j) {
             auto s = around(5e13, 0.01, 5);
             fp32(j)["samples"] = s;
             fp32(j)["count"] = 5;
         },
         "metrics[\"fp32.fma\"].samples: has 5 samples, needs at least 9"},
        {"count disagrees", [&](auto& j) { fp32(j)["count"] = 12; }, "metrics[\"fp32.fma\"].count"},
        {"median not the samples' median", [&](auto& j) { fp32(j)["median"] = 5e14; },
         "metrics[\"fp32.fma\"].median: is 5"},
        {"zero tolerance", [&](auto& j) { fp32(j)["tolerance"] = 0; },
         "metrics[\"fp32.fma\"].tolerance"},
        {"tolerance 100%", [&](auto& j) { fp32(j)["tolerance"] = 1.0; },
         "metrics[\"fp32.fma\"].tolerance"},
        {"unknown unit", [&](auto& j) { fp32(j)["unit"] = "GFLOP/s"; },
         "metrics[\"fp32.fma\"].unit: unknown unit"},
        {"unknown status", [&](auto& j) { fp32(j)["status"] = "skipped"; },
         "metrics[\"fp32.fma\"].status"},
        {"metric not an object", [&](auto& j) { fp32(j) = 5e13; },
         "metrics[\"fp32.fma\"]: must be a JSON object"},
    };
    for (const auto& e : edits) {
        nlohmann::json j = good;
        e.edit(j);
        try {
            baseline_from_json(j, "baselines/nvidia/nvidia-h200.json");
            ADD_FAILURE() << e.what << ": accepted";
        } catch (const BaselineError& err) {
            const std::string msg = err.what();
            EXPECT_EQ(msg.rfind("baselines/nvidia/nvidia-h200.json: ", 0), 0u)
                << e.what << ": " << msg;
            EXPECT_NE(msg.find(e.field), std::string::npos)
                << e.what << ": expected \"" << e.field << "\" in: " << msg;
        } catch (const std::exception& other) {
            ADD_FAILURE() << e.what << ": not a BaselineError: " << other.what();
        }
    }
}

// ---- the verdict ----

TEST(BaselineVerdict, ToleranceFromSpreadHasFloorAndCap) {
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 0, {}), kToleranceFloor);
    EXPECT_NEAR(tolerance_from_spread(100, 1, {}), 4 * 1.4826 / 100, 1e-12); // 5.9%
    EXPECT_NEAR(tolerance_from_spread(100, 0, {97, 100, 101}), 0.08, 1e-12); // 2x round range
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 20, {}), kToleranceCap);
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 0, {}, 0.2), 0.2);
}

TEST(BaselineVerdict, MannWhitney) {
    const auto a = around(100, 0.02), b = around(120, 0.02);
    EXPECT_LT(mann_whitney_smaller_p(a, b), 1e-3);
    EXPECT_GT(mann_whitney_smaller_p(b, a), 0.99);
    EXPECT_NEAR(mann_whitney_smaller_p(a, a), 0.5, 0.05);
    EXPECT_DOUBLE_EQ(mann_whitney_smaller_p({1, 1, 1}, {1, 1, 1}), 1.0);
    EXPECT_DOUBLE_EQ(mann_whitney_smaller_p({}, a), 1.0);
}

MetricCheck check_rate(const MetricBaseline& base, double factor) {
    return compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "",
                          base.median * factor, around(base.median * factor, 0.01));
}

TEST(BaselineVerdict, RatesFailBelowToleranceAndAreStaleAbove) {
    const MetricBaseline base = ok_metric(1e12, 0.05);
    EXPECT_EQ(check_rate(base, 1.0).verdict, Verdict::Ok);
    EXPECT_EQ(check_rate(base, 0.96).verdict, Verdict::Ok);
    EXPECT_EQ(check_rate(base, 1.04).verdict, Verdict::Ok);
    const MetricCheck slow = check_rate(base, 0.9);
    EXPECT_EQ(slow.verdict, Verdict::Regression);
    EXPECT_TRUE(verdict_fails(slow.verdict));
    EXPECT_NEAR(slow.change, -0.1, 1e-12);
    EXPECT_LT(slow.p_value, kConfirmP);
    const MetricCheck fast = check_rate(base, 1.2);
    EXPECT_EQ(fast.verdict, Verdict::Stale);
    EXPECT_FALSE(verdict_fails(fast.verdict));
    EXPECT_DOUBLE_EQ(fast.proposed, 1.2e12);
    EXPECT_NE(fast.note.find("stale"), std::string::npos) << fast.note;
    // The selftest's edits: a baseline claiming 10x fails, one claiming 0.1x is stale.
    EXPECT_EQ(check_rate(base, 0.1).verdict, Verdict::Regression);
    EXPECT_EQ(check_rate(base, 10).verdict, Verdict::Stale);
}

TEST(BaselineVerdict, LatencyFailsAboveAndIsStaleBelow) {
    const MetricBaseline base = ok_metric(10e-6, 0.05, Unit::Seconds);
    auto check = [&](double f) {
        return compare_metric("launch.latency", Unit::Seconds, &base, Status::Ok, "",
                              base.median * f, around(base.median * f, 0.01));
    };
    EXPECT_EQ(check(1.0).verdict, Verdict::Ok);
    EXPECT_EQ(check(1.2).verdict, Verdict::Regression) << "a longer latency is worse";
    EXPECT_EQ(check(0.8).verdict, Verdict::Stale) << "a shorter latency is better";
}

TEST(BaselineVerdict, OverlappingSamplesDoNotConfirmARegression) {
    MetricBaseline base = ok_metric(1e12, 0.05);
    // Bimodal samples: the median moved, the distribution did not.
    std::vector<double> noisy;
    for (size_t i = 0; i < 11; ++i)
        noisy.push_back(i % 2 ? 1.02e12 : 0.7e12);
    const MetricCheck c =
        compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "", 0.7e12, noisy);
    EXPECT_EQ(c.verdict, Verdict::Ok);
    EXPECT_NE(c.note.find("not a confirmed regression"), std::string::npos) << c.note;
}

TEST(BaselineVerdict, LostCapabilityAndFailuresFail) {
    const MetricBaseline base = ok_metric(1e12);
    const MetricCheck lost = compare_metric("fp16.fma", Unit::FlopPerSecond, &base,
                                            Status::Unsupported, "no cl_khr_fp16", 0, {});
    EXPECT_EQ(lost.verdict, Verdict::Lost);
    EXPECT_TRUE(verdict_fails(lost.verdict));
    EXPECT_NE(lost.note.find("was ok in the baseline"), std::string::npos) << lost.note;
    for (Status s : {Status::BuildFailed, Status::VerifyFailed, Status::Error, Status::Timeout}) {
        const MetricCheck c = compare_metric("fp16.fma", Unit::FlopPerSecond, &base, s, "x", 0, {});
        EXPECT_EQ(c.verdict, Verdict::Failed) << status_name(s);
        // A wrong result fails even with no baseline entry at all.
        EXPECT_EQ(compare_metric("x", Unit::FlopPerSecond, nullptr, s, "x", 0, {}).verdict,
                  Verdict::Failed);
    }
    MetricBaseline unsupported;
    unsupported.supported = false;
    EXPECT_EQ(compare_metric("fp16.fma", Unit::FlopPerSecond, &unsupported, Status::Unsupported,
                             "no cl_khr_fp16", 0, {})
                  .verdict,
              Verdict::Unsupported);
    EXPECT_EQ(compare_metric("fp16.fma", Unit::FlopPerSecond, &unsupported, Status::Ok, "", 1e12,
                             around(1e12, 0.01))
                  .verdict,
              Verdict::NewCapability);
    EXPECT_EQ(compare_metric("new.one", Unit::FlopPerSecond, nullptr, Status::Ok, "", 1e12,
                             around(1e12, 0.01))
                  .verdict,
              Verdict::NotRecorded);
}

TEST(BaselineVerdict, UnitThatDisagreesWithTheBenchmarkIsAnError) {
    const MetricBaseline base = ok_metric(1e12, 0.05, Unit::BytePerSecond);
    const MetricCheck c = compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "",
                                         1e12, around(1e12, 0.01));
    EXPECT_EQ(c.verdict, Verdict::BadBaseline);
    EXPECT_TRUE(verdict_fails(c.verdict));
    EXPECT_NE(c.note.find("metrics[\"fp32.fma\"].unit"), std::string::npos) << c.note;
}

// ---- recording ----

Measurement measured(std::vector<double> seconds, double work = 1e9) {
    Measurement m;
    m.status = Status::Ok;
    m.path = "native";
    m.work_per_launch = work;
    m.timings.device = summarize(std::move(seconds));
    return m;
}

TEST(BaselineRecord, SamplesFollowTheUnitsDirection) {
    Benchmark rate;
    rate.unit = Unit::FlopPerSecond;
    const Measurement m = measured({1e-3, 2e-3, 4e-3});
    const auto r = metric_samples(rate, m); // 1e9 operations in 1, 2 and 4 ms
    ASSERT_EQ(r.size(), 3u);
    EXPECT_DOUBLE_EQ(r[0], 1e12);
    EXPECT_DOUBLE_EQ(r[1], 5e11);
    EXPECT_DOUBLE_EQ(r[2], 2.5e11);
    Benchmark latency;
    latency.unit = Unit::Seconds;
    const auto s = metric_samples(latency, m);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_LT(s[0], s[2]) << "a longer launch is a longer latency";
}

TEST(BaselineRecord, PoolsRoundsAndRefusesFailures) {
    Benchmark b;
    b.id = "fp32.fma";
    b.unit = Unit::FlopPerSecond;
    const auto round = [](double t) {
        std::vector<double> s;
        for (int i = 0; i < 11; ++i)
            s.push_back(t * (1 + 0.001 * i));
        return measured(s);
    };
    const RecordOutcome o = metric_from_rounds(b, {round(1e-3), round(1.02e-3), round(0.99e-3)},
                                               h200(), "d", kToleranceFloor);
    ASSERT_TRUE(o.recorded) << o.why;
    EXPECT_EQ(o.metric.samples.size(), 33u);
    EXPECT_EQ(o.metric.rounds, 3u);
    EXPECT_GE(o.metric.tolerance, 0.05);
    EXPECT_NEAR(o.metric.tolerance, 2 * (1e12 / 0.99 - 1e12 / 1.02) / o.metric.median, 0.01);
    EXPECT_EQ(o.metric.driver, "580.65.06");
    // Round trip through the validator: what recording writes is always loadable.
    BaselineFile f = merge_baseline(nullptr, h200(), {{b.id, o.metric}}, "d");
    EXPECT_NO_THROW(baseline_from_json(baseline_to_json(f), "x.json"));

    Measurement bad = round(1e-3);
    bad.status = Status::VerifyFailed;
    bad.reason = "3 of 256 words differ";
    const RecordOutcome refused = metric_from_rounds(b, {round(1e-3), bad}, h200(), "d", 0.05);
    EXPECT_FALSE(refused.recorded);
    EXPECT_NE(refused.why.find("verify-failed"), std::string::npos) << refused.why;

    Measurement un;
    un.status = Status::Unsupported;
    un.reason = "no cl_khr_fp16";
    const RecordOutcome u = metric_from_rounds(b, {un, un}, h200(), "d", 0.05);
    EXPECT_TRUE(u.recorded);
    EXPECT_FALSE(u.metric.supported);
}

using BaselineMerge = TempDir;

TEST_F(BaselineMerge, KeepsOtherMetricsAndOtherDevicesFiles) {
    const std::string other = baseline_path(dir.string(), pocl_cpu());
    BaselineFile cpu = merge_baseline(nullptr, pocl_cpu(), {{"fp32.fma", ok_metric(2e9)}}, "d0");
    save_baseline(other, cpu);
    const std::string other_text = read(other);

    BaselineFile old = sample_file();
    old.driver = "570.00";
    const std::string path = baseline_path(dir.string(), h200());
    save_baseline(path, old);
    const auto loaded = find_baseline(dir.string(), h200());
    ASSERT_TRUE(loaded);
    const BaselineFile merged = merge_baseline(
        &*loaded, h200(),
        {{"fp32.fma", ok_metric(6e13)}, {"mem.copy", ok_metric(4e12, 0.05, Unit::BytePerSecond)}},
        "2026-11-22T00:00:00Z");
    save_baseline(path, merged);

    const auto now = find_baseline(dir.string(), h200());
    ASSERT_TRUE(now);
    EXPECT_EQ(now->metrics.size(), 4u);
    EXPECT_DOUBLE_EQ(now->metrics.at("fp32.fma").median, ok_metric(6e13).median);
    EXPECT_DOUBLE_EQ(now->metrics.at("int32.mad").median, ok_metric(2e13).median) << "kept";
    EXPECT_FALSE(now->metrics.at("fp16.fma").supported) << "kept";
    EXPECT_TRUE(now->metrics.count("mem.copy"));
    EXPECT_EQ(now->driver, "580.65.06");
    EXPECT_EQ(now->date, "2026-11-22T00:00:00Z");
    EXPECT_EQ(read(other), other_text) << "another device's file changed";
    EXPECT_FALSE(fs::exists(path + ".tmp"));
}

TEST(BaselineCli, OptionsParseAndConflict) {
    const CliOptions o = parse_cli({"--check", "--baselines", "/tmp/b", "H200"});
    EXPECT_TRUE(o.check);
    EXPECT_EQ(o.baselines, "/tmp/b");
    const CliOptions r = parse_cli({"--record", "--rounds", "5", "--tolerance-floor", "10"});
    EXPECT_TRUE(r.record);
    EXPECT_EQ(r.rounds, 5u);
    EXPECT_DOUBLE_EQ(*r.tolerance_floor, 0.10);
    EXPECT_THROW(parse_cli({"--check", "--record"}), UsageError);
    EXPECT_THROW(parse_cli({"--check", "--conformance"}), UsageError);
    EXPECT_THROW(parse_cli({"--rounds", "3"}), UsageError);
    EXPECT_THROW(parse_cli({"--record", "--rounds", "0"}), UsageError);
    EXPECT_THROW(parse_cli({"--check", "--json", "x.json"}), UsageError);
}

} // namespace
} // namespace clgauge
