// Helpers of the baseline unit tests (unit_baseline_*.cpp): device facts, metrics recorded
// on a test machine, and a fresh directory per test.
#pragma once
#include "baseline/gate.hpp"
#include "baseline/machine.hpp"
#include "baseline/pool.hpp"
#include "baseline/record.hpp"
#include "test_dir.hpp"
#include "text_file.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace clgauge::baseline_test {

namespace fs = std::filesystem;

inline DeviceFacts h200() {
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

inline DeviceFacts pocl_cpu() {
    DeviceFacts f;
    f.platform = "Portable Computing Language";
    f.vendor = "AuthenticAMD";
    f.vendor_id = 0x8086; // what PoCL reports, whatever the CPU
    f.name = "pthread-skylake-avx512-AMD EPYC";
    f.driver = "3.1+debian";
    f.type = CL_DEVICE_TYPE_CPU;
    return f;
}

inline std::vector<double> around(double median, double spread, size_t n = 11) {
    std::vector<double> v;
    for (size_t i = 0; i < n; ++i)
        v.push_back(median * (1.0 + spread * (double(i) - double(n / 2)) / double(n)));
    return v;
}

inline constexpr const char* kMachine = "test-host";

inline BaselineMachine machine(const std::string& id = kMachine) {
    BaselineMachine m;
    m.id = id;
    m.hostname_hash = fnv1a64_hex(id);
    m.cpu = "Test CPU";
    return m;
}

// A metric recorded on one machine: samples within 1% of `median`.
inline MetricBaseline ok_metric(double median, double tol = 0.05, Unit unit = Unit::FlopPerSecond,
                                const std::string& on = kMachine,
                                std::vector<double> samples = {}) {
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

// `m` with a recording of each other machine at its value (a copy of m's first recording, its
// samples within `spread` of the value), pooled again.
inline MetricBaseline with_machines(MetricBaseline m,
                                    std::initializer_list<std::pair<const char*, double>> others,
                                    double spread) {
    for (const auto& [id, v] : others) {
        Recording r = m.recordings.front();
        r.machine = id;
        r.samples = around(v, spread);
        r.value = gate_value(m.unit, r.samples);
        m.recordings.push_back(r);
    }
    pool_recordings(m);
    return m;
}

inline BaselineFile sample_file() {
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
    static std::string read(const fs::path& p) { return test::read_text(p); }
    fs::path dir;
};

} // namespace clgauge::baseline_test
