// label unit: baseline files (schema, validation, matching, merging) and the perf verdict
// (tolerance, direction, staleness, lost capabilities): no device needed.
#include "baseline/check.hpp"
#include "baseline/compare.hpp"
#include "baseline/gate.hpp"
#include "baseline/machine.hpp"
#include "baseline/match.hpp"
#include "baseline/pool.hpp"
#include "baseline/record.hpp"
#include "cli/options.hpp"
#include "registry/registry.hpp"
#include "test_dir.hpp"

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

const char* kMachine = "test-host";

BaselineMachine machine(const std::string& id = kMachine) {
    BaselineMachine m;
    m.id = id;
    m.hostname_hash = fnv1a_hex(id);
    m.cpu = "Test CPU";
    return m;
}

// A metric recorded on one machine: samples within 1% of `median`.
MetricBaseline ok_metric(double median, double tol = 0.05, Unit unit = Unit::FlopPerSecond,
                         const std::string& on = kMachine, std::vector<double> samples = {}) {
    MetricBaseline m;
    m.unit = unit;
    m.path = "native";
    Recording r;
    r.machine = on;
    r.path = "native";
    r.samples = samples.empty() ? around(median, 0.01) : std::move(samples);
    const Stats s = summarize(r.samples);
    r.value = gate_value(unit, r.samples);
    r.median = s.median;
    r.min = s.min;
    r.max = s.max;
    r.rounds = 1;
    r.tolerance = tol;
    r.driver = "580.65.06";
    r.date = "2026-11-21T06:00:00Z";
    r.clgauge_version = "0.1.0";
    m.recordings = {r};
    pool_recordings(m);
    return m;
}

BaselineFile sample_file() {
    const std::vector<std::pair<std::string, MetricBaseline>> rec = {
        {"fp32.fma", ok_metric(5e13)}, {"int32.mad", ok_metric(2e13, 0.08, Unit::OpPerSecond)}};
    BaselineFile f = merge_baseline(nullptr, h200(), rec, "2026-11-21T06:00:00Z", machine());
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
        dir = test::fresh_test_dir("unit");
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
    std::string field;
};

TEST(BaselineSchema, BadFilesAreClearErrors) {
    const nlohmann::json good = baseline_to_json(sample_file());
    auto fp32 = [](nlohmann::json& j) -> nlohmann::json& { return j["metrics"]["fp32.fma"]; };
    auto rec0 = [&](nlohmann::json& j) -> nlohmann::json& { return fp32(j)["recordings"][0]; };
    const std::string r0 = "metrics[\"fp32.fma\"].recordings[0].";
    const std::vector<BadEdit> edits = {
        {"wrong schema", [](auto& j) { j["schema"] = "clgauge.report"; }, "schema"},
        {"newer schema version", [](auto& j) { j["schema_version"] = 3; }, "schema_version"},
        {"schema version 0", [](auto& j) { j["schema_version"] = 0; }, "schema_version"},
        {"schema version as text", [](auto& j) { j["schema_version"] = "2"; }, "schema_version"},
        {"no device", [](auto& j) { j.erase("device"); }, "device: missing field"},
        {"no device name", [](auto& j) { j["device"].erase("name"); }, "device.name: missing"},
        {"empty vendor", [](auto& j) { j["device"]["vendor"] = ""; }, "device.vendor"},
        {"no driver", [](auto& j) { j.erase("driver"); }, "driver: missing"},
        {"no machines", [](auto& j) { j.erase("machines"); }, "machines: missing field"},
        {"machine listed twice", [](auto& j) { j["machines"].push_back(j["machines"][0]); },
         "machines[1].id"},
        {"recording of an unlisted machine", [&](auto& j) { rec0(j)["machine"] = "elsewhere"; },
         "metrics[\"fp32.fma\"].recordings[0].machine: \"elsewhere\" is not in"},
        {"metrics not an object", [](auto& j) { j["metrics"] = nlohmann::json::array(); },
         "metrics"},
        {"no value", [&](auto& j) { fp32(j).erase("value"); },
         "metrics[\"fp32.fma\"].value: missing field"},
        {"negative value", [&](auto& j) { fp32(j)["value"] = -5e13; },
         "metrics[\"fp32.fma\"].value: must be positive"},
        {"value as text", [&](auto& j) { fp32(j)["value"] = "5e13"; },
         "metrics[\"fp32.fma\"].value: must be a number"},
        {"value not the recordings' pool", [&](auto& j) { fp32(j)["value"] = 5e14; },
         "metrics[\"fp32.fma\"].value: is 5"},
        {"wrong statistic", [&](auto& j) { fp32(j)["statistic"] = "p10"; },
         "metrics[\"fp32.fma\"].statistic"},
        {"no recordings", [&](auto& j) { fp32(j)["recordings"] = nlohmann::json::array(); },
         "metrics[\"fp32.fma\"].recordings: must be a non-empty array"},
        {"two recordings of one machine",
         [&](auto& j) { fp32(j)["recordings"].push_back(rec0(j)); },
         "metrics[\"fp32.fma\"].recordings[1].machine"},
        {"no median", [&](auto& j) { rec0(j).erase("median"); }, r0 + "median: missing field"},
        {"zero min", [&](auto& j) { rec0(j)["min"] = 0; }, r0 + "min"},
        {"zero sample", [&](auto& j) { rec0(j)["samples"][3] = 0; }, r0 + "samples[3]"},
        {"too few samples",
         [&](auto& j) {
             auto s = around(5e13, 0.01, 5);
             rec0(j)["samples"] = s;
             rec0(j)["count"] = 5;
         },
         r0 + "samples: has 5 samples, needs at least 9"},
        {"count disagrees", [&](auto& j) { rec0(j)["count"] = 12; }, r0 + "count"},
        {"median not the samples' median", [&](auto& j) { rec0(j)["median"] = 5e14; },
         r0 + "median: is 5"},
        {"recording value not the samples' statistic", [&](auto& j) { rec0(j)["value"] = 4e13; },
         r0 + "value: is 4"},
        {"zero tolerance", [&](auto& j) { fp32(j)["tolerance"] = 0; },
         "metrics[\"fp32.fma\"].tolerance"},
        {"tolerance 100%", [&](auto& j) { fp32(j)["tolerance"] = 1.0; },
         "metrics[\"fp32.fma\"].tolerance"},
        {"tolerance below the recording's own", [&](auto& j) { fp32(j)["tolerance"] = 0.01; },
         "metrics[\"fp32.fma\"].tolerance: is 0.01 but the recordings need at least 0.05"},
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
    // 20 us: the 3 us slack is 15%, so the recorded 5% does not decide.
    const MetricBaseline base = ok_metric(20e-6, 0.05, Unit::Seconds);
    auto check = [&](double f) {
        return compare_metric("launch.latency", Unit::Seconds, &base, Status::Ok, "",
                              base.median * f, around(base.median * f, 0.01),
                              kHostLatencySlackSeconds);
    };
    EXPECT_EQ(check(1.0).verdict, Verdict::Ok);
    EXPECT_NEAR(check(1.0).tolerance, kHostLatencySlackSeconds / reference_value(base), 1e-12);
    EXPECT_EQ(check(1.12).verdict, Verdict::Ok) << "within the absolute slack";
    EXPECT_EQ(check(1.3).verdict, Verdict::Regression) << "a longer latency is worse";
    EXPECT_EQ(check(2.0).verdict, Verdict::Regression);
    EXPECT_EQ(check(0.7).verdict, Verdict::Stale) << "a shorter latency is better";
}

// launch.latency as seen on two H200 machines: the baseline machine's launches near 9.7 us
// with a few slow ones; another machine's median 22-25% higher from a heavier right tail.
std::vector<double> latency_samples(double fast, double tail, size_t slow_of_100) {
    std::vector<double> v;
    for (size_t i = 0; i < 100; ++i)
        v.push_back(i < slow_of_100 ? tail * (1 + 0.002 * double(i))
                                    : fast * (1 + 0.0005 * double(i)));
    return v;
}

TEST(BaselineVerdict, LatencyGatesOnALowQuantileNotTheTail) {
    const MetricBaseline base =
        ok_metric(0, 0.05, Unit::Seconds, kMachine, latency_samples(8.7e-6, 14e-6, 10));
    const auto check = [&](const std::vector<double>& s) {
        return compare_metric("launch.latency", Unit::Seconds, &base, Status::Ok, "",
                              summarize(s).median, s, kHostLatencySlackSeconds);
    };
    // Another host: 60 of 100 launches in a tail at 12 us, the median +30%: passes.
    const auto heavy_tail = latency_samples(8.8e-6, 12e-6, 60);
    ASSERT_GT(summarize(heavy_tail).median / summarize(base.samples).median, 1.2);
    const MetricCheck tail = check(heavy_tail);
    EXPECT_EQ(tail.verdict, Verdict::Ok) << check_line(tail);
    EXPECT_NE(check_line(tail).find("p10"), std::string::npos) << check_line(tail);
    // A host 2 us slower on every launch: within the slack.
    std::vector<double> shifted;
    for (double x : base.samples)
        shifted.push_back(x + 2e-6);
    EXPECT_EQ(check(shifted).verdict, Verdict::Ok);
    // The device or driver doubles the launch latency: every launch slower, fails.
    std::vector<double> doubled;
    for (double x : base.samples)
        doubled.push_back(2 * x);
    EXPECT_EQ(check(doubled).verdict, Verdict::Regression) << check_line(check(doubled));
    // Why not the median: on it the other host's heavy tail is beyond any tolerance we give.
    EXPECT_GT(summarize(heavy_tail).median / base.median - 1, tail.tolerance);
}

// A latency timed on the device (barrier.local.*, latency.chase: nanoseconds) gets no host
// slack: 3 us over 15 ns would be the 50% cap, and a barrier 20% slower would pass.
TEST(BaselineVerdict, DeviceTimedLatencyKeepsItsRecordedTolerance) {
    const MetricBaseline base = ok_metric(15e-9, 0.05, Unit::Seconds);
    const auto check = [&](double f, double slack) {
        return compare_metric("barrier.local.64", Unit::Seconds, &base, Status::Ok, "",
                              base.median * f, around(base.median * f, 0.002), slack);
    };
    EXPECT_EQ(check(1.0, 0).verdict, Verdict::Ok);
    EXPECT_DOUBLE_EQ(check(1.0, 0).tolerance, 0.05);
    EXPECT_EQ(check(1.2, 0).verdict, Verdict::Regression) << check_line(check(1.2, 0));
    EXPECT_EQ(check(1.2, kHostLatencySlackSeconds).verdict, Verdict::Ok)
        << "the host slack would hide it: why device latencies must not get it";
    for (const Benchmark& b : registry()) {
        if (b.unit != Unit::Seconds) continue;
        const bool host_clock = b.id.rfind("launch.", 0) == 0;
        EXPECT_EQ(b.gate_slack_s, host_clock ? kHostLatencySlackSeconds : 0.0) << b.id;
    }
}

TEST(BaselineVerdict, LatencyToleranceNeverCoversADoubling) {
    for (double us : {0.5, 1.0, 3.0, 6.4, 9.7, 50.0}) {
        const double tol =
            effective_tolerance(Unit::Seconds, 0.05, us * 1e-6, kHostLatencySlackSeconds);
        EXPECT_LT(tol, 1.0) << us << " us";
        EXPECT_LE(tol, kToleranceCap) << us << " us";
        EXPECT_GE(tol, std::min(kHostLatencySlackSeconds / (us * 1e-6), kToleranceCap)) << us;
    }
    EXPECT_DOUBLE_EQ(effective_tolerance(Unit::FlopPerSecond, 0.05, 1e12, 0), 0.05)
        << "rates keep the recorded tolerance: a 10% drop fails at 5%";
    EXPECT_DOUBLE_EQ(quantile({4, 1, 3, 2, 5}, 0.5), 3);
    EXPECT_DOUBLE_EQ(quantile({1, 2, 3, 4, 5}, 0.1), 1.4);
    EXPECT_DOUBLE_EQ(quantile({}, 0.1), 0);
    EXPECT_STREQ(gate_statistic(Unit::Seconds), "p10");
    EXPECT_STREQ(gate_statistic(Unit::BytePerSecond), "median");
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
                                               h200(), "d", kToleranceFloor, kMachine);
    ASSERT_TRUE(o.recorded) << o.why;
    EXPECT_EQ(o.metric.samples.size(), 33u);
    EXPECT_EQ(o.metric.rounds, 3u);
    EXPECT_GE(o.metric.tolerance, 0.05);
    EXPECT_NEAR(o.metric.tolerance, 2 * (1e12 / 0.99 - 1e12 / 1.02) / o.metric.median, 0.01);
    EXPECT_EQ(o.metric.driver, "580.65.06");
    // Round trip through the validator: what recording writes is always loadable.
    ASSERT_EQ(o.metric.recordings.size(), 1u);
    EXPECT_EQ(o.metric.recordings[0].machine, kMachine);
    BaselineFile f = merge_baseline(nullptr, h200(), {{b.id, o.metric}}, "d", machine());
    EXPECT_NO_THROW(baseline_from_json(baseline_to_json(f), "x.json"));

    Measurement bad = round(1e-3);
    bad.status = Status::VerifyFailed;
    bad.reason = "3 of 256 words differ";
    const RecordOutcome refused =
        metric_from_rounds(b, {round(1e-3), bad}, h200(), "d", 0.05, kMachine);
    EXPECT_FALSE(refused.recorded);
    EXPECT_NE(refused.why.find("verify-failed"), std::string::npos) << refused.why;

    Measurement un;
    un.status = Status::Unsupported;
    un.reason = "no cl_khr_fp16";
    const RecordOutcome u = metric_from_rounds(b, {un, un}, h200(), "d", 0.05, kMachine);
    EXPECT_TRUE(u.recorded);
    EXPECT_FALSE(u.metric.supported);
}

using BaselineMerge = TempDir;

TEST_F(BaselineMerge, KeepsOtherMetricsAndOtherDevicesFiles) {
    const std::string other = baseline_path(dir.string(), pocl_cpu());
    BaselineFile cpu =
        merge_baseline(nullptr, pocl_cpu(), {{"fp32.fma", ok_metric(2e9)}}, "d0", machine());
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
        "2026-11-22T00:00:00Z", machine());
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

// ---- pooling recordings from several machines ----

BaselineFile record_on(const BaselineFile* existing, const std::string& on, double fma,
                       double tol = 0.05, const std::string& date = "2026-11-22T00:00:00Z") {
    MetricBaseline m = ok_metric(fma, tol, Unit::FlopPerSecond, on);
    m.recordings[0].date = date; // as metric_from_rounds dates it
    pool_recordings(m);
    return merge_baseline(existing, h200(), {{"fp32.fma", m}}, date, machine(on));
}

TEST_F(BaselineMerge, SecondMachineMergesAndTheToleranceCoversTheSpread) {
    const std::string path = baseline_path(dir.string(), h200());
    save_baseline(path, record_on(nullptr, "machine-a", 100e12));
    auto a = find_baseline(dir.string(), h200());
    ASSERT_TRUE(a);
    save_baseline(path, record_on(&*a, "machine-b", 120e12, 0.05, "2026-11-23T00:00:00Z"));
    const auto ab = find_baseline(dir.string(), h200());
    ASSERT_TRUE(ab);
    const MetricBaseline& m = ab->metrics.at("fp32.fma");
    // Planted fault "a merge that drops a recording": both machines' samples must be there.
    ASSERT_EQ(m.recordings.size(), 2u);
    EXPECT_EQ(m.samples.size(), 22u);
    EXPECT_EQ(m.recordings[0].machine, "machine-a");
    EXPECT_EQ(m.recordings[1].machine, "machine-b");
    ASSERT_EQ(ab->machines.size(), 2u);
    EXPECT_EQ(ab->machines[0].id, "machine-a");
    EXPECT_EQ(ab->machines[1].first_recorded, "2026-11-23T00:00:00Z");
    EXPECT_EQ(ab->machines[1].cpu, "Test CPU");
    EXPECT_NEAR(m.value, 110e12, 1e3) << "the midpoint of the two machines";
    // Planted fault "a tolerance that ignores the spread": each machine keeps its own 5% plus
    // its distance from the pooled value (10/110).
    EXPECT_NEAR(m.tolerance, 0.05 + 10.0 / 110.0, 1e-9);
    auto check = [&](double fma) {
        return compare_metric("fp32.fma", Unit::FlopPerSecond, &m, Status::Ok, "", fma,
                              around(fma, 0.01))
            .verdict;
    };
    EXPECT_EQ(check(100e12), Verdict::Ok) << "machine A passes against the pooled baseline";
    EXPECT_EQ(check(120e12), Verdict::Ok) << "machine B passes";
    EXPECT_EQ(check(100e12 * 0.8), Verdict::Regression) << "a 20% drop on A fails";

    // A third machine merges into the saved file too.
    save_baseline(path, record_on(&*ab, "machine-c", 104e12));
    const auto abc = find_baseline(dir.string(), h200());
    ASSERT_TRUE(abc);
    EXPECT_EQ(abc->metrics.at("fp32.fma").recordings.size(), 3u);
    EXPECT_NEAR(abc->metrics.at("fp32.fma").value, 104e12, 1e3) << "the median of three";
    EXPECT_EQ(abc->machines.size(), 3u);
}

TEST(BaselinePool, ReRecordingAMachineReplacesOnlyItsRecording) {
    BaselineFile f = record_on(nullptr, "machine-a", 100e12);
    f = record_on(&f, "machine-b", 102e12);
    f = record_on(&f, "machine-a", 90e12, 0.05, "2026-11-24T00:00:00Z");
    const MetricBaseline& m = f.metrics.at("fp32.fma");
    ASSERT_EQ(m.recordings.size(), 2u);
    EXPECT_EQ(m.recordings[0].machine, "machine-b") << "kept";
    EXPECT_EQ(m.recordings[1].machine, "machine-a");
    EXPECT_NEAR(m.recordings[1].value, 90e12, 1e3) << "replaced, not duplicated";
    EXPECT_EQ(m.date, "2026-11-24T00:00:00Z") << "the newest recording's";
    EXPECT_EQ(f.machines.size(), 2u);
    EXPECT_EQ(f.machines[0].last_recorded, "2026-11-24T00:00:00Z");
}

TEST(BaselinePool, AnotherPathStartsAfreshAndUnlistsMachinesWithNoRecording) {
    BaselineFile f = record_on(nullptr, "machine-a", 100e12);
    MetricBaseline other = ok_metric(50e12, 0.05, Unit::FlopPerSecond, "machine-b");
    other.path = "ptx";
    f = merge_baseline(&f, h200(), {{"fp32.fma", other}}, "d", machine("machine-b"));
    ASSERT_EQ(f.metrics.at("fp32.fma").recordings.size(), 1u);
    EXPECT_EQ(f.metrics.at("fp32.fma").path, "ptx");
    ASSERT_EQ(f.machines.size(), 1u) << "machine-a contributes nothing any more";
    EXPECT_EQ(f.machines[0].id, "machine-b");
}

TEST(BaselinePool, ValueAndTolerance) {
    std::vector<Recording> rs(3);
    for (size_t i = 0; i < 3; ++i) {
        rs[i].value = 100.0 + 10.0 * double(i);
        rs[i].tolerance = 0.05;
    }
    EXPECT_DOUBLE_EQ(pooled_value(rs), 110);
    EXPECT_NEAR(pooled_tolerance(rs, 110), 0.05 + 10.0 / 110, 1e-12);
    rs[2].value = 1000;
    EXPECT_DOUBLE_EQ(pooled_tolerance(rs, pooled_value(rs)), kToleranceCap);
}

TEST(BaselineSchema, Version1FilesAreReadAsOneRecording) {
    // The H200 baseline as first committed (schema version 1, one machine), kept as test data.
    const std::string path =
        std::string(CLGAUGE_SOURCE_DIR) + "/suite/tests/data/baseline_v1/nvidia-h200.json";
    const BaselineFile f = load_baseline(path);
    ASSERT_EQ(f.machines.size(), 1u);
    EXPECT_EQ(f.machines[0].id, kSchemaV1Machine);
    const MetricBaseline& lat = f.metrics.at("launch.latency");
    ASSERT_EQ(lat.recordings.size(), 1u);
    EXPECT_EQ(lat.recordings[0].machine, kSchemaV1Machine);
    EXPECT_EQ(lat.samples.size(), 6000u);
    EXPECT_NEAR(lat.median, 9.709e-6, 1e-12) << "the file's median";
    EXPECT_DOUBLE_EQ(lat.value, quantile(lat.samples, kLatencyQuantile));
    EXPECT_LT(lat.value, lat.median);
    EXPECT_NEAR(lat.tolerance, 0.18385522710886765, 1e-12) << "the recorded tolerance is kept";
    const MetricBaseline& fma = f.metrics.at("fp32.fma");
    EXPECT_DOUBLE_EQ(fma.value, fma.median) << "rates gate on the median";
    EXPECT_DOUBLE_EQ(fma.budget_ms, 100.0);
    // Written back, it is a version 2 file that reads the same.
    const BaselineFile again = baseline_from_json(baseline_to_json(f), "again.json");
    EXPECT_EQ(baseline_to_json(again), baseline_to_json(f));
    EXPECT_EQ(baseline_to_json(f)["schema_version"], kBaselineSchemaVersion);
}

TEST(BaselineSchema, CommittedBaselinesPoolSeveralMachines) {
    // H200: h200-a, h200-b (72 metrics), h200-c (all 105); H100: h100-a, h100-b, h100-c (the
    // on-chip families). A file that lost a machine or a family fails here.
    for (const char* name : {"/nvidia/nvidia-h200.json", "/nvidia/nvidia-h100-80gb-hbm3.json"}) {
        const BaselineFile f = load_baseline(baselines_dir() + name);
        EXPECT_EQ(f.machines.size(), 3u) << name;
        EXPECT_GE(f.metrics.size(), 105u) << name;
    }
}

TEST(BaselineMachineId, StableHashAndOverride) {
    EXPECT_EQ(fnv1a_hex(""), "cbf29ce484222325");
    EXPECT_EQ(fnv1a_hex("a"), "af63dc4c8601ec8c");
    const BaselineMachine m = this_machine();
    EXPECT_FALSE(m.cpu.empty());
    EXPECT_EQ(m.hostname_hash.size(), 16u);
    if (!std::getenv("CLGAUGE_MACHINE")) {
        EXPECT_EQ(m.id, "host-" + m.hostname_hash.substr(0, 8));
    }
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
