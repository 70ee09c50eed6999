// label unit: baseline files: matching a device, reading, writing and validating them, the
// committed files, machine ids and the baseline options: no device needed.
#include "baseline/check.hpp"
#include "baseline/gate.hpp"
#include "baseline/machine.hpp"
#include "baseline/match.hpp"
#include "baseline/pool.hpp"
#include "baseline/record.hpp"
#include "baseline/verdict.hpp"
#include "baseline_test_helpers.hpp"
#include "cli/options.hpp"
#include "registry/registry.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <sstream>

namespace clgauge {
namespace {

using namespace baseline_test;

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
        {"reference rounds that miss samples",
         [&](auto& j) {
             rec0(j)["reference_rounds"] = {{{"samples", 1u}, {"reference", 1.7e9}}};
             rec0(j)["ratio_tolerance"] = 0.01;
         },
         r0 + "reference_rounds: count 1 samples"},
        {"reference rounds without their tolerance",
         [&](auto& j) {
             rec0(j)["reference_rounds"] = {
                 {{"samples", rec0(j)["samples"].size()}, {"reference", 1.7e9}}};
         },
         r0 + "ratio_tolerance: missing field"},
        {"a round's reference not positive",
         [&](auto& j) {
             rec0(j)["reference_rounds"] = {
                 {{"samples", rec0(j)["samples"].size()}, {"reference", 0}}};
             rec0(j)["ratio_tolerance"] = 0.01;
         },
         "reference_rounds[0].reference: must be positive"},
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
        {"tolerance above the cap", [&](auto& j) { fp32(j)["tolerance"] = 0.9999; },
         "metrics[\"fp32.fma\"].tolerance: is 0.9999, above the cap of 0.5"},
        {"a recording's tolerance above the cap", [&](auto& j) { rec0(j)["tolerance"] = 0.9; },
         r0 + "tolerance: is 0.9, above the cap"},
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

// A megabyte-long value in a baseline is named, not repeated whole.
TEST(BaselineSchema, ALongValueIsClippedInTheError) {
    nlohmann::json j = baseline_to_json(sample_file());
    j["metrics"]["fp32.fma"]["unit"] = std::string(10'000'000, 'x');
    try {
        baseline_from_json(j, "b.json");
        ADD_FAILURE() << "accepted";
    } catch (const BaselineError& e) {
        const std::string msg = e.what();
        EXPECT_LT(msg.size(), 1000u);
        EXPECT_NE(msg.find("b.json: metrics[\"fp32.fma\"].unit: unknown unit"), std::string::npos)
            << msg;
        EXPECT_NE(msg.find("characters left out"), std::string::npos) << msg;
    }
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
    // Several machines recorded each committed file (which machine recorded what:
    // baselines/nvidia/NOTES.md): the H200's every metric on the four machines the tolerance
    // model learns from (baseline/gate.hpp: kLearnedMachines), its MMA rows again on four more
    // with the SM clock beside them, xfer.bidir.pinned on one more that reads it slower;
    // the H100's some of them only the families whose launches had changed. A file that lost a
    // machine or a family fails here.
    const std::map<std::string, size_t> machines = {
        {"/nvidia/nvidia-h200.json", 2 * kLearnedMachines + 1},
        {"/nvidia/nvidia-h100-80gb-hbm3.json", 20}};
    const std::map<std::string, size_t> metrics = {{"/nvidia/nvidia-h200.json", 110},
                                                   {"/nvidia/nvidia-h100-80gb-hbm3.json", 110}};
    const std::map<std::string, std::vector<const char*>> two_machines = {
        {"/nvidia/nvidia-h200.json",
         {"mma.h", "mma.i2", "cache.l2.read", "atomic.global.distinct.u32", "fp64.fma", "int32.mad",
          "dp4a.s8", "local.read.f32x4", "constant.broadcast"}},
        {"/nvidia/nvidia-h100-80gb-hbm3.json",
         {"mma.h", "mma.i2", "cache.l2.read", "atomic.global.distinct.u32", "fp64.fma", "int32.mad",
          "dp4a.s8", "local.read.f32x4", "constant.broadcast", "cache.l1.read", "latency.chase",
          "barrier.local.256", "image.read.f32", "atomic.global.cmpxchg.u32",
          "xfer.d2h.pageable.staged", "mma.f8", "mma.b8"}}};
    for (const auto& [name, count] : machines) {
        const BaselineFile f = load_baseline(baselines_dir() + name);
        EXPECT_EQ(f.machines.size(), count) << name;
        EXPECT_EQ(f.metrics.size(), metrics.at(name)) << name;
        for (const char* id :
             {"local.read.f32x4", "cache.l1.read", "latency.chase", "barrier.local.256",
              "xfer.d2h.pageable.staged", "mma.sp.h", "mma.sp.i8"})
            EXPECT_TRUE(f.metrics.contains(id)) << name << " lost " << id;
        for (const char* id : two_machines.at(name)) {
            ASSERT_TRUE(f.metrics.contains(id)) << name << " lost " << id;
            EXPECT_GE(f.metrics.at(id).recordings.size(), 2u) << name << " " << id;
        }
    }
}

// The H200 file's tolerances are learned: every metric it holds was recorded on at least
// kLearnedMachines machines.
TEST(BaselineSchema, TheH200FileIsLearnedFromFourMachines) {
    const BaselineFile f = load_baseline(baselines_dir() + "/nvidia/nvidia-h200.json");
    size_t supported = 0;
    for (const auto& [id, m] : f.metrics) {
        if (m.supported) {
            ++supported;
            EXPECT_GE(m.recordings.size(), size_t(kLearnedMachines)) << id;
        }
    }
    EXPECT_GE(supported, 100u) << "a file that held no metrics would have passed the loop";
}

// The H200's tensor-core rows are judged by their ratio to the SM clock they ran at: every
// recording keeps each round's clock, so that a GPU that clocks down as it warms moves the
// figure and not the ratio, which the gate then holds to a tolerance the figure cannot have.
TEST(BaselineSchema, TheH200TensorCoreRowsAreHeldByTheirRatioToTheSmClock) {
    const BaselineFile f = load_baseline(baselines_dir() + "/nvidia/nvidia-h200.json");
    size_t rows = 0;
    for (const auto& [id, m] : f.metrics) {
        if (!id.starts_with("mma.") || !m.supported) continue;
        ++rows;
        for (const Recording& r : m.recordings)
            EXPECT_FALSE(r.reference_rounds.empty()) << id << " " << r.machine;
        const auto ratios = ratio_baseline(m);
        ASSERT_TRUE(ratios) << id;
        EXPECT_LE(ratios->tolerance, m.tolerance) << id;
        EXPECT_LT(smallest_caught(m.unit, ratios->tolerance), 0.03) << id;
    }
    EXPECT_EQ(rows, 13u);
}

TEST(BaselineMachineId, StableHashAndOverride) {
    EXPECT_EQ(fnv1a64_hex(""), "cbf29ce484222325");
    EXPECT_EQ(fnv1a64_hex("a"), "af63dc4c8601ec8c");
    // Each rule judged whatever the environment the test runs in: CLGAUGE_MACHINE is put back.
    const char* set = std::getenv("CLGAUGE_MACHINE");
    const std::optional<std::string> outer = set ? std::optional<std::string>(set) : std::nullopt;
    ::unsetenv("CLGAUGE_MACHINE");
    DeviceFacts facts = h200();
    const BaselineMachine m = this_machine(facts);
    EXPECT_FALSE(m.cpu.empty());
    EXPECT_EQ(m.hostname_hash.size(), 16u);
    EXPECT_EQ(m.id, "host-" + m.hostname_hash.substr(0, 8));
    // Rented machines share hostnames ("vm"): a device that reports its UUID names itself.
    facts.uuid = "5f1c0a2e9d8b7c6a5f1c0a2e9d8b7c6a";
    EXPECT_EQ(this_machine(facts).id, "gpu-5f1c0a2e");
    ::setenv("CLGAUGE_MACHINE", "rack1-gpu0", 1);
    EXPECT_EQ(this_machine(facts).id, "rack1-gpu0") << "the name given wins over the UUID";
    if (outer)
        ::setenv("CLGAUGE_MACHINE", outer->c_str(), 1);
    else
        ::unsetenv("CLGAUGE_MACHINE");
}

TEST(BaselineCli, OptionsParseAndConflict) {
    const CliOptions o = parse_cli({"--check", "--baselines", "/tmp/b", "H200"});
    EXPECT_EQ(o.command, Command::Check);
    EXPECT_EQ(o.run.baselines, "/tmp/b");
    EXPECT_EQ(o.run.devices, (std::vector<std::string>{"H200"}));
    // The subcommand and the flag spelling are one command line.
    const CliOptions c = parse_cli({"check", "H200", "--baselines", "/tmp/b"});
    EXPECT_EQ(c.command, Command::Check);
    EXPECT_EQ(c.run.baselines, "/tmp/b");
    EXPECT_EQ(c.run.devices, (std::vector<std::string>{"H200"}));
    const CliOptions r = parse_cli({"--record", "--rounds", "5", "--tolerance-floor", "10"});
    EXPECT_EQ(r.command, Command::Record);
    EXPECT_EQ(r.record.rounds, 5u);
    EXPECT_DOUBLE_EQ(r.record.tolerance_floor, 0.10);
    EXPECT_EQ(parse_cli({"record"}).record.rounds, kDefaultRecordRounds);
    EXPECT_THROW(parse_cli({"--check", "--record"}), UsageError);
    EXPECT_THROW(parse_cli({"--check", "--conformance"}), UsageError);
    EXPECT_THROW(parse_cli({"--rounds", "3"}), UsageError);
    EXPECT_THROW(parse_cli({"--record", "--rounds", "0"}), UsageError);
    EXPECT_THROW(parse_cli({"--check", "--csv", "x.csv"}), UsageError);
    EXPECT_THROW(parse_cli({"--record", "--json", "x.json"}), UsageError);
    EXPECT_THROW(parse_cli({"check", "--rounds", "3"}), UsageError);
    // the verdicts as JSON
    EXPECT_EQ(parse_cli({"--check", "--json", "x.json"}).check.json_file, "x.json");
}

} // namespace
} // namespace clgauge
