// label unit: statistics, capability parsing, selection and formatting: no device needed.
#include "base/env.hpp"
#include "base/host_cpu.hpp"
#include "base/stats.hpp"
#include "cli/options.hpp"
#include "core/capabilities.hpp"
#include "core/kernel_sources.hpp"
#include "measure/phase_clock.hpp"
#include "measure/timing.hpp"
#include "measure/verify.hpp"
#include "registry/registry.hpp"
#include "report/format.hpp"
#include "run/runner.hpp"

#include <cstdlib>
#include <gtest/gtest.h>
#include <set>

namespace clgauge {
namespace {

TEST(Stats, MedianMinMaxMad) {
    const Stats s = summarize({5, 1, 3, 2, 4});
    EXPECT_DOUBLE_EQ(s.median, 3);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 5);
    EXPECT_DOUBLE_EQ(s.mean, 3);
    EXPECT_DOUBLE_EQ(s.mad, 1);
    EXPECT_DOUBLE_EQ(summarize({4, 1, 3, 2}).median, 2.5);
    EXPECT_EQ(summarize({}).count(), 0u);
}

// A harness's launch floor (the chains on a GPU) lengthens each calibrated launch, up to what
// lets min_reps launches keep the budget's bound; the total budget then buys fewer, never
// fewer than min_reps (the last calibration launch is the first of them).
TEST(Budget, LaunchFloorLengthensCalibratedLaunches) {
    uint32_t repeats = 1; // a launch takes `repeats` ms
    int timed_reps = 0;   // in the measure phase, over all its parts
    auto timed = [&](int, int reps) {
        if (current_phase() == Phase::Measure) timed_reps += reps;
        Timings t;
        t.device = summarize({repeats * 1e-3});
        return t;
    };
    auto grow = [&](double factor) { return grow_repeats(repeats, factor, 1u << 20); };
    Budget plain{.seconds = 0.1};
    timed_reps = 0;
    calibrate_and_time(timed, plain, LaunchSizing{.grow = grow});
    EXPECT_GE(repeats, 5u);
    EXPECT_LT(repeats, 25u);
    EXPECT_EQ(timed_reps, plain.reps_for(repeats * 1e-3) - 1);
    repeats = 1;
    Budget floored{.seconds = 0.1, .min_launch_seconds = 0.05};
    EXPECT_DOUBLE_EQ(floored.launch_seconds(), 0.2 / 8);
    timed_reps = 0;
    calibrate_and_time(timed, floored, LaunchSizing{.grow = grow});
    EXPECT_GE(repeats, 13u);
    EXPECT_EQ(timed_reps, floored.min_reps - 1);
}

// Calibration's last launch already has the timed shape: it sizes the timed launches and is
// the first of them, and they follow with no launch in between (in parts, none warmed up).
TEST(Budget, CalibrationLaunchIsTheWarmUp) {
    uint32_t repeats = 1;
    std::vector<std::pair<int, int>> calls; // (warm-ups, reps) of every calibration timed()
    int measured = 0, warmed_parts = 0;     // the measure phase's samples, and parts warmed up
    auto timed = [&](int warmups, int reps) {
        if (current_phase() == Phase::Measure) {
            measured += reps;
            warmed_parts += warmups > 0 ? 1 : 0;
        } else {
            calls.emplace_back(warmups, reps);
        }
        Timings t;
        t.device = summarize(std::vector<double>(size_t(reps), repeats * 1e-3));
        return t;
    };
    auto grow = [&](double factor) { return grow_repeats(repeats, factor, 1u << 20); };
    const Budget budget{.seconds = 0.1};
    auto check = [&](size_t calibration_calls, int samples) {
        EXPECT_EQ(calls.size(), calibration_calls);
        EXPECT_EQ(measured, samples);
        EXPECT_EQ(warmed_parts, 0);
        calls.clear();
        measured = warmed_parts = 0;
    };
    // Long enough at once (10 ms against a 10 ms aim): one launch after its warm-up, then the
    // timed ones.
    repeats = 10;
    Timings t = calibrate_and_time(timed, budget, LaunchSizing{.grow = grow});
    ASSERT_FALSE(calls.empty());
    EXPECT_EQ(calls[0], std::make_pair(1, 1));
    check(1, budget.reps_for(0.01) - 1);
    EXPECT_EQ(t.device.count(), size_t(budget.reps_for(0.01)))
        << "the calibration launch is a sample";
    // Grown, then long enough: the grown shape's first launch is calibration's.
    repeats = 1;
    calibrate_and_time(timed, budget, LaunchSizing{.grow = grow});
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[1], std::make_pair(0, 1));
    check(2, budget.reps_for(repeats * 1e-3) - 1);
    // Pinned: launched once, warmed, before the timed ones.
    calibrate_and_time(timed, budget, LaunchSizing{.grow = grow, .pinned = true});
    ASSERT_FALSE(calls.empty());
    EXPECT_EQ(calls[0], std::make_pair(1, 1));
    check(1, budget.reps_for(repeats * 1e-3) - 1);
}

TEST(Capabilities, ExtensionsMatchWholeTokens) {
    const auto ext = parse_extensions("cl_khr_fp64  cl_khr_fp16_extra\tcl_intel_subgroups ");
    EXPECT_TRUE(ext.count("cl_khr_fp64"));
    EXPECT_FALSE(ext.count("cl_khr_fp16"));
    EXPECT_TRUE(ext.count("cl_intel_subgroups"));
    EXPECT_EQ(ext.size(), 3u);
}

TEST(Capabilities, OpenCLCVersion) {
    EXPECT_EQ(parse_opencl_c_version("OpenCL C 1.2 PoCL"), std::make_pair(1, 2));
    EXPECT_EQ(parse_opencl_c_version("OpenCL C 3.0 "), std::make_pair(3, 0));
    EXPECT_EQ(parse_opencl_c_version("garbage"), std::make_pair(0, 0));
}

TEST(Capabilities, UnmetNeedsGiveReasons) {
    Capabilities c;
    EXPECT_TRUE(unmet(Need::Fp16, c).has_value());
    c.fp16 = true;
    EXPECT_FALSE(unmet(Need::Fp16, c).has_value());
    c.inline_ptx = true;
    c.nv_cc = 80;
    EXPECT_FALSE(unmet(Need::NvSm80, c).has_value());
    EXPECT_TRUE(unmet(Need::NvSm89, c).has_value());
    EXPECT_NE(unmet(Need::AmdDot4, c).value_or("").find("AMD"), std::string::npos);
    c.amd_dot4 = true;
    EXPECT_FALSE(unmet(Need::AmdDot4, c).has_value());
}

// fp8 mma.sync is a tensor instruction on sm_89 and sm_120 only: sm_90 and sm_100 meet sm_89+
// but decode fp8 to f16, which the mma.f8/b8 ptx-f16 path stands for.
TEST(Capabilities, Fp8MmaIsNativeOnSm89AndSm120Only) {
    Capabilities c;
    c.inline_ptx = true;
    for (int cc : {89, 120, 121}) {
        c.nv_cc = cc;
        EXPECT_FALSE(unmet(Need::NvFp8Mma, c).has_value()) << cc;
    }
    for (int cc : {80, 86, 90, 100}) {
        c.nv_cc = cc;
        EXPECT_NE(unmet(Need::NvFp8Mma, c).value_or("").find("decode fp8 to f16"),
                  std::string::npos)
            << cc;
    }
    c.nv_cc = 90;
    EXPECT_FALSE(unmet(Need::NvSm89, c).has_value());
}

TEST(Registry, IdsAreUniqueAndEntriesComplete) {
    std::set<std::string> ids;
    for (const auto& b : registry()) {
        EXPECT_TRUE(ids.insert(b.id).second) << "duplicate id " << b.id;
        EXPECT_FALSE(b.paths.empty()) << b.id;
        EXPECT_TRUE(b.run) << b.id;
        EXPECT_FALSE(b.label.empty()) << b.id;
        // A family is found under one name: kernels/<family>.cl.
        EXPECT_TRUE(embedded_kernel_files().count(b.family + ".cl")) << b.id;
    }
    EXPECT_GE(ids.size(), 6u);
}

TEST(Registry, PathChoiceExplainsEveryGap) {
    const Benchmark* b = find_benchmark("fp16.fma");
    ASSERT_NE(b, nullptr);
    const PathChoice none = choose_path(*b, Capabilities{});
    EXPECT_EQ(none.path, nullptr);
    EXPECT_NE(none.unsupported_reason.find("native"), std::string::npos);
    EXPECT_NE(none.unsupported_reason.find("ptx"), std::string::npos);
    Capabilities nv;
    nv.inline_ptx = true;
    ASSERT_NE(choose_path(*b, nv).path, nullptr);
    EXPECT_EQ(choose_path(*b, nv).path->name, "ptx");
    EXPECT_EQ(choose_path(*b, nv, std::string("bogus")).path, nullptr);
}

TEST(Registry, GlobSelection) {
    EXPECT_TRUE(glob_match("fp*.fma", "fp32.fma"));
    EXPECT_FALSE(glob_match("fp*.fma", "int32.mad"));
    EXPECT_TRUE(glob_match("int64.*,fp32.fma", "fp32.fma"));
    EXPECT_TRUE(glob_match("fp?4.fma", "fp64.fma"));
    EXPECT_EQ(select_benchmarks("nothing*").size(), 0u);
    EXPECT_EQ(select_benchmarks("").size(), registry().size());
}

TEST(KernelSources, IncludesAreExpandedFromEmbeddedFiles) {
    const std::string text = kernel_source("fma.cl");
    EXPECT_NE(text.find("clg_hash"), std::string::npos);
    EXPECT_EQ(text.find("#include"), std::string::npos);
    EXPECT_THROW(kernel_source("no_such.cl"), std::runtime_error);
}

TEST(Verify, MismatchAndDegenerateAreReported) {
    const std::vector<size_t> items{0, 1};
    auto v = compare_exact(items, 1, {1, 2}, {1, 3}, WordKind::U32);
    EXPECT_EQ(v.mismatches, 1u);
    EXPECT_FALSE(v.passed());
    EXPECT_NE(v.first_mismatch.find("item 1"), std::string::npos);
    v = compare_exact(items, 1, {7, 7}, {7, 7}, WordKind::U32);
    EXPECT_FALSE(v.passed()) << "all-equal expectations prove nothing";
    v = compare_exact(items, 1, {0x7f800000, 1}, {0x7f800000, 1}, WordKind::F32);
    EXPECT_FALSE(v.degenerate.empty()) << "an infinite expectation is degenerate";
    EXPECT_TRUE(compare_exact(items, 1, {1, 2}, {1, 2}, WordKind::U32).passed());
}

TEST(Verify, ApplyVerificationExplainsEveryFailure) {
    Measurement m;
    apply_verification(m);
    EXPECT_EQ(m.status, Status::VerifyFailed);
    EXPECT_EQ(m.reason, "nothing was checked");
    m.verification = compare_exact({0, 1}, 1, {1, 5}, {1, 3}, WordKind::U32);
    apply_verification(m, "values");
    EXPECT_EQ(m.status, Status::VerifyFailed);
    EXPECT_EQ(m.reason.rfind("1 of 2 values differ; first: item 1", 0), 0u) << m.reason;
    m.verification = compare_exact({0, 1}, 1, {1, 3}, {1, 3}, WordKind::U32);
    apply_verification(m);
    EXPECT_EQ(m.status, Status::Ok);
}

TEST(Verify, SampleIsDeterministicAndCoversEnds) {
    const auto a = sample_items(1000000, 256), b = sample_items(1000000, 256);
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.front(), 0u);
    EXPECT_EQ(a.back(), 999999u);
    EXPECT_GE(a.size(), 200u);
    EXPECT_EQ(sample_items(10, 256).size(), 10u);
}

// Conformance checks every item; perf a sample, the same one each run.
TEST(Verify, TheCheckSampleIsEveryItemInConformance) {
    EXPECT_EQ(check_sample(Mode::Conformance, 100000, 256).size(), 100000u);
    const auto perf = check_sample(Mode::Perf, 100000, 256);
    EXPECT_LT(perf.size(), 300u);
    EXPECT_EQ(perf, sample_items(100000, 256));
}

TEST(Format, RatiosAndRates) {
    EXPECT_EQ(format_ratio(2.0), "2x");
    EXPECT_EQ(format_ratio(1.0 / 16), "1/16");
    EXPECT_EQ(format_ratio(0.66), "2/3");
    EXPECT_EQ(format_ratio(0.82), "0.8x");
    EXPECT_EQ(format_rate(62.8e12, Unit::FlopPerSecond), "62.800 TFLOPs/s");
    EXPECT_EQ(format_rate(4.65e12, Unit::BytePerSecond), "4650.00 GB/s");
}

TEST(Cli, ParsesAndRejects) {
    const CliOptions o = parse_cli({"0", "1", "--only", "fp*", "--json", "r.json"});
    EXPECT_EQ(o.command, Command::Run);
    EXPECT_EQ(o.run.devices, (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(o.run.only, "fp*");
    EXPECT_EQ(o.table.json_file, "r.json");
    EXPECT_THROW(parse_cli({"--bogus"}), UsageError);
    EXPECT_THROW(parse_cli({"--budget-ms", "-5"}), UsageError);
    EXPECT_THROW(parse_cli({"--only"}), UsageError);
    // An empty value would mean "not given" (every benchmark); a budget the environment
    // variable refuses, or one past any integer, is refused the same way.
    EXPECT_THROW(parse_cli({"--only", ""}), UsageError);
    EXPECT_THROW(parse_cli({"--json", ""}), UsageError);
    EXPECT_THROW(parse_cli({"--path", ""}), UsageError);
    EXPECT_THROW(parse_cli({"--budget-ms", "600001"}), UsageError);
    EXPECT_THROW(parse_cli({"--budget-ms", "99999999999999999999999"}), UsageError);
    EXPECT_EQ(parse_cli({"--budget-ms", "600000"}).run.budget_ms, 600000);
}

TEST(Cli, SplitCommasKeepsItemsAndDropsEmptyOnes) {
    EXPECT_EQ(split_commas("h200-a,,h200-b,"), (std::vector<std::string>{"h200-a", "h200-b"}));
    EXPECT_EQ(split_commas("one"), (std::vector<std::string>{"one"}));
    EXPECT_TRUE(split_commas(",").empty());
}

TEST(DeviceSelection, DefaultPrefersGpuAndUnknownNamesList) {
    std::vector<DeviceEntry> all(2);
    all[0].facts.name = "pthread-cpu";
    all[0].facts.type = CL_DEVICE_TYPE_CPU;
    all[1].index = 1;
    all[1].facts.name = "NVIDIA H200";
    all[1].facts.type = CL_DEVICE_TYPE_GPU;
    EXPECT_EQ(select_devices(all, {}).front().facts.name, "NVIDIA H200");
    EXPECT_EQ(select_devices(all, {"0"}).front().facts.name, "pthread-cpu");
    EXPECT_EQ(select_devices(all, {"h200"}).front().index, 1u);
    try {
        select_devices(all, {"radeon"});
        FAIL() << "expected UnknownDeviceError";
    } catch (const UnknownDeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("NVIDIA H200"), std::string::npos);
    }
    EXPECT_THROW(select_devices(all, {"7"}), UnknownDeviceError);
}

// An index past any integer is an unknown device, not a library's out_of_range; one device
// named twice (by index and by name) would be measured and reported twice.
TEST(DeviceSelection, OverflowingIndexAndDuplicatesAreNamed) {
    std::vector<DeviceEntry> all(2);
    all[0].facts.name = "pthread-cpu";
    all[1].index = 1;
    all[1].facts.name = "NVIDIA H200";
    try {
        select_devices(all, {"99999999999999999999999"});
        FAIL() << "an overflowing index was accepted";
    } catch (const UnknownDeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown device '99999999999999999999999'"),
                  std::string::npos)
            << e.what();
    }
    try {
        select_devices(all, {"1", "h200"});
        FAIL() << "one device named twice was accepted";
    } catch (const UnknownDeviceError& e) {
        EXPECT_NE(std::string(e.what()).find("devices '1' and 'h200' are the same device"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(select_devices(all, {"1", "0"}).size(), 2u);
}

TEST(DevicePeak, CoresFromArchitectureTable) {
    DeviceFacts f;
    f.vendor = "NVIDIA Corporation";
    f.vendor_id = 0x10de;
    f.type = CL_DEVICE_TYPE_GPU;
    f.nv_cc_major = 9;
    f.compute_units = 132;
    f.clock_mhz = 1980;
    const CoreEstimate e = estimate_cores(f);
    EXPECT_EQ(e.cores(f), 16896u);
    EXPECT_NEAR(e.fp32_peak(f) / 1e12, 66.9, 0.05);
}

// A CPU device's peak is the host's: its logical CPUs, widest vector and measured clock, never
// the clock the device reports (llvmpipe: 300 MHz, which made a verified 23 GOP/s int32.mad
// on two AVX-512 cores read as above four times the peak).
TEST(DevicePeak, ACpuDevicesPeakIsTheHosts) {
    const HostCpu& host = host_cpu();
#if defined(__x86_64__)
    ASSERT_GT(host.fp32_lanes, 0u);
    ASSERT_GT(host.clock_mhz, 0);
#endif
    if (host.clock_mhz == 0) GTEST_SKIP() << "the host's clock cannot be measured here";
    // Every x86 core of the last twenty years runs between these.
    EXPECT_GT(host.clock_mhz, 400) << host.basis();
    EXPECT_LT(host.clock_mhz, 7000) << host.basis();
    DeviceFacts f;
    f.type = CL_DEVICE_TYPE_CPU;
    f.compute_units = 1;
    f.native_width_float = 4;
    f.clock_mhz = 1; // a clock the device invents
    const CoreEstimate e = estimate_cores(f);
    EXPECT_TRUE(e.bounds_fp32);
    EXPECT_DOUBLE_EQ(e.fp32_peak(f), host.fp32_peak()) << e.basis;
    EXPECT_GE(e.fp32_peak(f), 2.0 * 2 * 4 * host.logical_cpus * 400e6) << e.basis;
    f.clock_mhz = 300;
    f.compute_units = 64;
    EXPECT_DOUBLE_EQ(estimate_cores(f).fp32_peak(f), host.fp32_peak())
        << "the reported units and clock changed the host's peak";
}

// The clock is measured, not read: two measurements agree within a third (a preempted trial
// only reads slower, and the fastest of many is taken).
TEST(DevicePeak, TheHostClockIsMeasuredAlike) {
    const double a = measure_host_clock_mhz(), b = measure_host_clock_mhz();
    if (a == 0) GTEST_SKIP() << "the host's clock cannot be measured here";
    EXPECT_NEAR(a / b, 1.0, 0.33) << a << " MHz then " << b << " MHz";
}

// Settings like CLGAUGE_MEM_MIB: unset gives the fallback, a bad value an error that names
// the variable rather than a silently wrong size.
TEST(Env, IntegerSettingsAreCheckedAndNamed) {
    const char* name = "CLGAUGE_UNIT_ENV_TEST";
    ::unsetenv(name);
    EXPECT_EQ(env_integer(name, 7, 1, 10), 7);
    ::setenv(name, "", 1);
    EXPECT_EQ(env_integer(name, 7, 1, 10), 7);
    ::setenv(name, "10", 1);
    EXPECT_EQ(env_integer(name, 7, 1, 10), 10);
    for (const char* bad : {"11", "0", "-3", "4k", "x"}) {
        ::setenv(name, bad, 1);
        try {
            env_integer(name, 7, 1, 10);
            ADD_FAILURE() << "'" << bad << "' was accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
        }
    }
    ::unsetenv(name);
}

} // namespace
} // namespace clgauge
