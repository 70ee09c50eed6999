// label unit: the sweep feature detectors on synthetic curves, the wave-size table, the
// roofline's reading of a report, the sweep CLI options, and the fma-strided reference.
#include "analysis/roofline.hpp"
#include "cli/options.hpp"
#include "reference/fma.hpp"
#include "sweep/features.hpp"
#include "sweep/plot.hpp"
#include "sweep/sweep.hpp"
#include "sweep/wave.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace clgauge::sweep {
namespace {

// Bandwidth over working-set size: `high` while the data fits a cache of `cache` bytes,
// falling smoothly to `low` over a factor of two beyond it, with a slow ramp at tiny sizes.
std::pair<std::vector<double>, std::vector<double>> bump_curve(double cache, double high,
                                                               double low) {
    std::vector<double> x, y;
    for (double s = 4096; s <= 4 * 1024.0 * 1024 * 1024; s *= std::sqrt(2.0)) {
        const double ramp = s / (s + 64 * 1024);
        double bw = low;
        if (s <= cache)
            bw = high;
        else if (s < 2 * cache)
            bw = high + (low - high) * std::log2(s / cache);
        x.push_back(s);
        y.push_back(bw * ramp);
    }
    return {x, y};
}

TEST(SweepFeatures, BumpEndsAtTheCacheSize) {
    const double cache = 50.0 * 1024 * 1024;
    const auto [x, y] = bump_curve(cache, 4000, 2200);
    const Bump b = detect_bump(x, y);
    ASSERT_TRUE(b.found) << b.note;
    EXPECT_NEAR(b.asymptote, 2200, 2200 * 0.01);
    EXPECT_NEAR(b.peak, 4000, 4000 * 0.05);
    EXPECT_LE(b.peak_x, cache);
    // The halfway point of a fall that spans [cache, 2 cache] lies inside it.
    EXPECT_GT(b.end_x, cache);
    EXPECT_LT(b.end_x, 2 * cache);
}

TEST(SweepFeatures, ASingleSpikeIsNoBump) {
    const double cache = 32.0 * 1024 * 1024;
    auto [x, y] = bump_curve(cache, 80, 40);
    const Bump clean = detect_bump(x, y);
    y[10] *= 3; // one slow host moment made one point look three times as fast
    const Bump b = detect_bump(x, y);
    ASSERT_TRUE(b.found);
    EXPECT_DOUBLE_EQ(b.end_x, clean.end_x);
    EXPECT_LT(b.peak, 81);
}

TEST(SweepFeatures, LocalBumpBelowALaterAsymptote) {
    // The stream copy sweep of docs/sweeps/h200/stream.csv (bytes of both arrays, TB/s): the
    // curve peaks below the L2's size, dips past it and climbs on to its asymptote.
    const std::vector<std::pair<double, double>> h200 = {
        {4.194e+06, 0.7302}, {4.981e+06, 0.8671}, {5.931e+06, 1.033}, {7.062e+06, 1.132},
        {8.389e+06, 1.304},  {9.978e+06, 1.374},  {1.186e+07, 1.757}, {1.411e+07, 2.114},
        {1.678e+07, 2.123},  {1.996e+07, 2.51},   {2.372e+07, 2.787}, {2.821e+07, 2.954},
        {3.355e+07, 3.438},  {3.99e+07, 3.463},   {4.745e+07, 3.122}, {5.643e+07, 3.115},
        {6.711e+07, 3.185},  {7.981e+07, 3.37},   {9.491e+07, 3.494}, {1.129e+08, 3.568},
        {1.342e+08, 3.718},  {1.596e+08, 3.766},  {1.898e+08, 3.818}, {2.257e+08, 3.921},
        {2.684e+08, 3.995},  {3.192e+08, 4.044},  {3.796e+08, 4.081}, {4.514e+08, 4.112},
        {5.369e+08, 4.171},  {6.385e+08, 4.172},  {7.593e+08, 4.194}};
    std::vector<double> x, y;
    for (auto [a, b] : h200) {
        x.push_back(a);
        y.push_back(b);
    }
    const Bump b = detect_bump(x, y);
    ASSERT_TRUE(b.found) << b.note;
    const double l2 = 50.0 * 1024 * 1024;
    EXPECT_GT(b.end_x / l2, 0.5);
    EXPECT_LT(b.end_x / l2, 2.0);
    EXPECT_NEAR(b.asymptote, 4.17, 0.05);
}

TEST(SweepFeatures, NoBumpOnAFlatOrRisingCurve) {
    std::vector<double> x, y;
    for (int i = 0; i < 20; ++i) {
        x.push_back(std::pow(2.0, 12 + i));
        y.push_back(1000 * (1 - std::exp(-i / 3.0)) + 1); // a ramp that saturates
    }
    const Bump b = detect_bump(x, y);
    EXPECT_FALSE(b.found);
    EXPECT_NEAR(b.asymptote, y.back(), y.back() * 0.01);
    EXPECT_FALSE(detect_bump({1, 2, 3}, {3, 2, 1}).found); // too few points
}

// Throughput of n work-items each doing the same work on a device that runs `wave` at once:
// time grows by one wave-time for every started wave (optionally with a latency-bound tail).
std::vector<double> sawtooth(const std::vector<double>& n, double wave, double tail_cost) {
    std::vector<double> y;
    for (double v : n) {
        const double full = std::floor(v / wave), rest = v - full * wave;
        const double time = full + (rest > 0 ? std::max(tail_cost, rest / wave) : 0);
        y.push_back(v / time);
    }
    return y;
}

TEST(SweepFeatures, SawtoothPeriodIsTheWave) {
    const double wave = 132 * 2048, step = 132 * 256 / 4.0;
    std::vector<double> n;
    for (double v = wave / 2; v <= 4.5 * wave; v += step)
        n.push_back(v);
    for (double tail : {1.0, 0.25}) {
        const Sawtooth s = detect_sawtooth(n, sawtooth(n, wave, tail));
        ASSERT_TRUE(s.found) << s.note;
        EXPECT_NEAR(s.period, wave, step) << "tail " << tail;
        EXPECT_GE(s.explained, 3u);
    }
}

TEST(SweepFeatures, SawtoothSurvivesNoiseAndRejectsHalfPeriods) {
    const double wave = 512, step = 128;
    std::vector<double> n;
    for (double v = 256; v <= 4.5 * wave; v += step)
        n.push_back(v);
    auto y = sawtooth(n, wave, 1.0);
    for (size_t i = 0; i < y.size(); ++i)
        y[i] *= 1 + 0.01 * std::sin(double(i) * 2.1); // 1% noise, below the drop threshold
    const Sawtooth s = detect_sawtooth(n, y);
    ASSERT_TRUE(s.found) << s.note;
    EXPECT_DOUBLE_EQ(s.period, wave); // not 256, which explains the same drops
    EXPECT_EQ(s.drops, (std::vector<double>{512, 1024, 1536, 2048}));
}

TEST(SweepFeatures, SawtoothWithAWaveBetweenPoints) {
    const double wave = 1000, step = 128; // boundaries fall between points
    std::vector<double> n;
    for (double v = 512; v <= 4.5 * wave; v += step)
        n.push_back(v);
    const Sawtooth s = detect_sawtooth(n, sawtooth(n, wave, 1.0));
    ASSERT_TRUE(s.found) << s.note;
    EXPECT_NEAR(s.period, wave, step);
    EXPECT_EQ(s.explained, 4u);
}

TEST(SweepFeatures, SawtoothOfTwoStepsIsNotMistakenForThree) {
    // Period 2 steps: the looser period 3 steps fits every drop within one step, but no
    // multiple of it lies in the step after each drop.
    std::vector<double> n;
    for (double v = 256; v <= 2304; v += 256)
        n.push_back(v);
    const Sawtooth s = detect_sawtooth(n, sawtooth(n, 512, 1.0));
    ASSERT_TRUE(s.found) << s.note;
    EXPECT_DOUBLE_EQ(s.period, 512);
}

TEST(SweepFeatures, NoSawtoothOnALinearCurve) {
    std::vector<double> n, y;
    for (int i = 1; i <= 20; ++i) {
        n.push_back(i * 100.0);
        y.push_back(1000.0);
    }
    EXPECT_FALSE(detect_sawtooth(n, y).found);
    y[10] = 900; // one drop alone is no period
    EXPECT_FALSE(detect_sawtooth(n, y).found);
}

TEST(SweepFeatures, PlateauOnsetAtTheSimdWidth) {
    std::vector<double> s, y;
    for (double st = 1; st <= 64; st *= 2) {
        s.push_back(st);
        y.push_back(1000 / std::min(st, 32.0));
    }
    const Plateau p = detect_plateau(s, y);
    ASSERT_TRUE(p.found);
    EXPECT_DOUBLE_EQ(p.onset_x, 32);
    EXPECT_DOUBLE_EQ(p.level, 1000 / 32.0);
    y.back() = y[y.size() - 2] / 2; // still falling at the end: no plateau
    EXPECT_FALSE(detect_plateau(s, y).found);
}

DeviceFacts facts(cl_device_type type, const std::string& vendor, cl_uint cus, int major = 0,
                  int minor = 0) {
    DeviceFacts f;
    f.type = type;
    f.vendor = vendor;
    f.name = vendor + " device";
    f.compute_units = cus;
    f.nv_cc_major = major;
    f.nv_cc_minor = minor;
    f.max_work_group = 1024;
    return f;
}

TEST(SweepWave, SaturatingWaveOfAnFmaChain) {
    // Measured on an H200 (docs/sweeps/h200): the fp32 chain's sawtooth period is 67584.
    const Wave h = estimate_wave(facts(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 132, 9, 0), 256);
    EXPECT_EQ(h.saturating_per_cu, 512u);
    EXPECT_EQ(h.saturating_size, 67584u);
    EXPECT_LE(h.saturating_size, h.size);
    // Work-groups larger than the saturating count still occupy a unit whole.
    EXPECT_EQ(estimate_wave(facts(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 132, 9, 0), 1024)
                  .saturating_per_cu,
              1024u);
}

TEST(SweepWave, NvidiaByComputeCapability) {
    const Wave h = estimate_wave(facts(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 132, 9, 0), 256);
    EXPECT_EQ(h.per_cu, 2048u);
    EXPECT_EQ(h.size, 132u * 2048);
    EXPECT_NE(h.basis.find("sm_90"), std::string::npos);
    EXPECT_EQ(estimate_wave(facts(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 84, 8, 6), 256).size,
              84u * 1536);
    EXPECT_EQ(estimate_wave(facts(CL_DEVICE_TYPE_GPU, "NVIDIA Corporation", 40, 7, 5), 256).size,
              40u * 1024);
}

TEST(SweepWave, CpuIsOneWorkGroupPerComputeUnit) {
    const Wave w = estimate_wave(facts(CL_DEVICE_TYPE_CPU, "GenuineIntel", 2), 256);
    EXPECT_EQ(w.size, 512u);
    EXPECT_FALSE(w.basis.empty());
}

TEST(Roofline, ReadsVerifiedPeaksFromAReport) {
    const nlohmann::json report = {
        {"schema", "clgauge.report"},
        {"devices",
         {{{"device", {{"name", "Test GPU"}}},
           {"metrics",
            {{{"id", "fp32.fma"}, {"unit", "FLOP/s"}, {"status", "ok"}, {"rate", 6e13}},
             {{"id", "fp64.fma"}, {"unit", "FLOP/s"}, {"status", "ok"}, {"rate", 3e13}},
             {{"id", "int32.mad"}, {"unit", "OP/s"}, {"status", "verify-failed"}, {"rate", 9e15}},
             {{"id", "mem.coalesced.read"}, {"unit", "B/s"}, {"status", "ok"}, {"rate", 4e12}},
             {{"id", "stream.copy"}, {"unit", "B/s"}, {"status", "ok"}, {"rate", 3e12}},
             // on-chip and host rates are not the device memory's roof
             {{"id", "local.read.f32x4"}, {"unit", "B/s"}, {"status", "ok"}, {"rate", 3e13}},
             {{"id", "xfer.d2h.pinned"}, {"unit", "B/s"}, {"status", "ok"}, {"rate", 5e13}}}}}}}};
    const auto r = analysis::rooflines_from_report(report);
    ASSERT_EQ(r.size(), 1u);
    ASSERT_EQ(r[0].compute.size(), 2u); // the wrong result does not make a ceiling
    EXPECT_EQ(r[0].compute[0].id, "fp32.fma");
    EXPECT_EQ(r[0].memory.id, "mem.coalesced.read");
    const std::string gp = analysis::roofline_gnuplot(r[0], "roofline.png");
    EXPECT_NE(gp.find("set logscale xy"), std::string::npos);
    EXPECT_NE(gp.find("fp64.fma"), std::string::npos);
    EXPECT_THROW(analysis::rooflines_from_report(nlohmann::json{{"schema", "x"}}),
                 std::runtime_error);
}

TEST(SweepCli, Options) {
    const CliOptions o = parse_cli({"--sweep", "fma,fma-strided", "--sweep-short", "--out", "d"});
    EXPECT_EQ(o.command, Command::Sweep);
    EXPECT_EQ(o.sweep.names, (std::vector<std::string>{"fma", "fma-strided"}));
    EXPECT_TRUE(o.sweep.short_mode);
    EXPECT_EQ(o.sweep.out_dir, "d");
    EXPECT_EQ(parse_cli({"sweep", "fma", "NVIDIA"}).run.devices,
              (std::vector<std::string>{"NVIDIA"}));
    EXPECT_THROW(parse_cli({"--sweep", ","}), UsageError);
    EXPECT_THROW(parse_cli({"sweep"}), UsageError);
    EXPECT_TRUE(parse_cli({"--timing"}).table.timing);
    EXPECT_EQ(parse_cli({"--roofline", "r.json"}).roofline.report, "r.json");
}

TEST(SweepRegistry, EverySweepIsComplete) {
    ASSERT_FALSE(sweeps().empty());
    for (const auto& s : sweeps()) {
        EXPECT_FALSE(s.description.empty()) << s.name;
        EXPECT_FALSE(s.y.unit.empty()) << s.name;
        EXPECT_TRUE(s.hooks.plan && s.hooks.run_point && s.hooks.features) << s.name;
        EXPECT_EQ(find_sweep(s.name), &s);
    }
    EXPECT_EQ(gp_quote("it's"), "'it''s'");
}

TEST(SweepPlot, ScriptHasAxesUnitsTheoryAndData) {
    const Sweep& w = *find_sweep("stream");
    Result r;
    r.sweep = &w;
    r.plan.series = {"copy"};
    r.plan.xs = {16384, 32768};
    r.plan.theory = {{"theoretical (test)", {16384, 32768}, {5e12, 5e12}}};
    r.plan.facts = {{"cache_bytes", 32768.0}};
    Series s{"copy", {}};
    for (double x : r.plan.xs) {
        Point p;
        p.x = x;
        p.y = 4e12;
        p.m.status = Status::Ok;
        s.points.push_back(p);
    }
    r.series = {s};
    r.features = w.hooks.features(r.plan, r.series);
    const std::string gp = sweep_gnuplot(r, "Test's GPU", "stream.png");
    EXPECT_NE(gp.find("set terminal pngcairo"), std::string::npos);
    EXPECT_NE(gp.find("set xlabel 'working set (all arrays) [bytes]'"), std::string::npos) << gp;
    EXPECT_NE(gp.find("set ylabel 'bandwidth [GB/s]'"), std::string::npos) << gp;
    EXPECT_NE(gp.find("Test''s GPU"), std::string::npos) << "quotes are escaped";
    EXPECT_NE(gp.find("16384 4000\n"), std::string::npos) << "data in plotted units";
    EXPECT_NE(gp.find("theoretical (test)"), std::string::npos);
    EXPECT_NE(gp.find("cache 32 KiB"), std::string::npos) << "the cache mark";
    const std::string csv = sweep_csv(r, "Test's GPU");
    EXPECT_NE(csv.find("copy,16384,4e+12,"), std::string::npos) << csv;
    EXPECT_NE(csv.find("theory: theoretical (test),32768,5e+12"), std::string::npos) << csv;
}

TEST(FmaStridedReference, OnlyMultiplesOfTheStrideRunTheChain) {
    uint64_t a[2], b[2], c[2];
    ref::fp32_fma_strided(4, 7, 8, 100, a); // active
    ref::fp32_fma(7, 8, 100, b);
    EXPECT_EQ(a[0], b[0]);
    EXPECT_EQ(a[1], b[1]);
    ref::fp32_fma_strided(4, 7, 9, 100, a); // inactive: its inputs
    ref::fp32_fma(7, 9, 0, c);
    ref::fp32_fma(7, 9, 100, b);
    EXPECT_EQ(a[0], c[0]);
    EXPECT_NE(a[0], b[0]);
}

} // namespace
} // namespace clgauge::sweep
