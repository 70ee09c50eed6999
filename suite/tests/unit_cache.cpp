// label unit: the cache family's CPU model (its periodic shortcut against a plain walk of the
// kernel's loop), its window rounding and the cache-size tables; the cache sweep's level
// detector on synthetic staircases, including a curve whose L2 step is in the wrong place.
#include "core/cache_size.hpp"
#include "harness/cache.hpp"
#include "reference/cache.hpp"
#include "sweep/cache_levels.hpp"
#include "sweep/sweep.hpp"

#include <bit>
#include <cmath>
#include <gtest/gtest.h>

namespace clgauge {
namespace {

// kernels/cache.cl's loop as written, for one work-item: the model must agree with it.
void walk_as_the_kernel_does(const ref::CacheLaunch& l, uint64_t gid, uint32_t* out) {
    const uint64_t group = gid / l.local, lid = gid % l.local;
    uint32_t cur = uint32_t((group * l.phase + (lid / ref::kCacheRow) * ref::kCacheChunk) % l.n);
    float acc[4];
    for (float& a : acc)
        a = float(gid & 0xffff);
    for (uint64_t r = 0; r < l.steps; ++r) {
        for (uint32_t u = 0; u < ref::kCacheUnroll; ++u)
            for (uint32_t k = 0; k < 4; ++k)
                acc[k] += float(ref::cache_lane(
                    l.seed, cur + uint32_t(lid % ref::kCacheRow) + u * ref::kCacheRow, k));
        cur += l.jump;
        cur = cur >= l.n ? cur - l.n : cur;
    }
    for (uint32_t k = 0; k < 4; ++k)
        out[k] = std::bit_cast<uint32_t>(acc[k]);
}

TEST(CacheReference, PeriodicShortcutMatchesThePlainWalk) {
    const uint32_t c = ref::kCacheChunk;
    // An L1-sized window where each step re-reads the same rows (jump == n), a window the
    // groups tile, and one whose period does not divide the steps (laps plus a rest).
    const ref::CacheLaunch launches[] = {
        {7, 4 * c, 4 * c, c, 1024, 1000},
        {7, 96 * c, 32 * c, 24 * c, 1024, 50},
        {9, 10 * c, 4 * c, 3 * c, 256, 37},
        {9, 10 * c, 4 * c, 3 * c, 256, 3},
    };
    for (const auto& l : launches)
        for (uint64_t gid : {0u, 1u, 31u, 32u, 255u, 1000u, 3000u, 4095u}) {
            uint32_t model[4], plain[4];
            ref::cache_read(l, gid, model);
            walk_as_the_kernel_does(l, gid, plain);
            for (int k = 0; k < 4; ++k)
                EXPECT_EQ(model[k], plain[k])
                    << "n " << l.n << " jump " << l.jump << " steps " << l.steps << " item " << gid;
        }
}

TEST(CacheReference, SumsDependOnEveryLoadAndTheStart) {
    const ref::CacheLaunch l{7, 16 * ref::kCacheChunk, 4 * ref::kCacheChunk, 0, 1024, 100};
    uint32_t a[4], b[4];
    ref::cache_read(l, 5, a);
    ref::CacheLaunch one_step_less = l;
    one_step_less.steps = 99;
    ref::cache_read(one_step_less, 5, b);
    EXPECT_NE(a[0], b[0]) << "a skipped step must change the sums";
    ref::cache_read(l, 5 + 1024, b); // same lane and slot, the next group: other start
    EXPECT_NE(a[0], b[0]);
}

TEST(CacheWindow, WholeChunksAtLeastOne) {
    EXPECT_EQ(cache_window_bytes(0), 4096u);
    EXPECT_EQ(cache_window_bytes(4095), 4096u);
    EXPECT_EQ(cache_window_bytes(12288), 12288u);
    EXPECT_EQ(cache_window_bytes(50u << 20), 50u << 20);
    EXPECT_EQ(cache_window_bytes((25u << 20) + 100), 25u << 20);
}

// An H200: 132 SMs, groups of 256 items (8 chunks a span), at most 4 per SM.
TEST(CacheLaunch, NoTwoGroupsReadTheSameChunksWhereTheWindowHoldsTheirSpans) {
    constexpr size_t kSms = 132, kSlots = 8;
    const size_t l2_eighth = (size_t(50) << 20) / 8 / 4096, l2_half = (size_t(50) << 20) / 2 / 4096;
    EXPECT_EQ(cache_perf_groups(l2_eighth, kSlots, kSms, 4), 200u);
    EXPECT_EQ(cache_perf_groups(l2_half, kSlots, kSms, 4), 528u); // every SM's 4 fit
    for (size_t chunks = kSms * kSlots; chunks < 4 * kSms * kSlots; chunks += 37)
        EXPECT_LE(cache_perf_groups(chunks, kSlots, kSms, 4) * kSlots, chunks) << chunks;
    // Below one span a unit, one group a unit (an L1 window: each reads it from its own L1).
    EXPECT_EQ(cache_perf_groups(4, kSlots, kSms, 4), kSms);
    EXPECT_EQ(cache_perf_groups(4, kSlots, 0, 0), 1u);
}

// A chunk's next reader is the group one phase behind: groups x phase must be about the whole
// window, or a window past the L2 is served from it (64 MiB on an H100 with shares rounded
// down to whole spans: 24 chunks, 49.5 MiB apart).
TEST(CacheLaunch, GroupsStartAnEqualShareOfTheWindowApart) {
    constexpr size_t kSms = 132, kSlots = 8;
    for (size_t mib : {25, 50, 64, 96, 128, 512}) {
        const size_t chunks = (mib << 20) / 4096;
        const size_t groups = cache_perf_groups(chunks, kSlots, kSms, 4);
        const size_t phase = cache_phase_chunks(chunks, groups);
        EXPECT_LE(groups * phase, chunks) << mib << " MiB";
        EXPECT_GT(groups * (phase + 1), chunks) << mib << " MiB";
    }
    EXPECT_EQ(cache_phase_chunks(16384, 528), 31u);
    EXPECT_EQ(cache_phase_chunks(16, 132), 0u); // an L1 window: every group starts at 0
}

TEST(CacheSizes, NvidiaFromTablesCpuFromGuesses) {
    DeviceFacts h200;
    h200.name = "NVIDIA H200";
    h200.vendor = "NVIDIA Corporation";
    h200.type = CL_DEVICE_TYPE_GPU;
    h200.vendor_id = 0x10de;
    h200.nv_cc_major = 9;
    h200.global_cache = 4224 * 1024; // what its OpenCL reports: neither L1 nor L2
    ASSERT_TRUE(h200.is_nvidia());
    EXPECT_EQ(first_level_cache(h200).bytes, 256 * 1024.0);
    EXPECT_EQ(second_level_cache(h200).bytes, 50 * 1024.0 * 1024);

    DeviceFacts cpu;
    cpu.type = CL_DEVICE_TYPE_CPU;
    cpu.compute_units = 2;
    cpu.global_cache = 480ull << 20; // PoCL reports the shared L3
    EXPECT_EQ(first_level_cache(cpu).bytes, 32 * 1024.0);
    EXPECT_EQ(second_level_cache(cpu).bytes, 2 * 1024.0 * 1024);
    cpu.global_cache = 1 << 20; // a reported cache smaller than the guess wins
    EXPECT_EQ(second_level_cache(cpu).bytes, 1024.0 * 1024);

    DeviceFacts gpu; // a GPU that reports no cache still gets a working set
    gpu.type = CL_DEVICE_TYPE_GPU;
    EXPECT_EQ(second_level_cache(gpu).bytes, 1024.0 * 1024);
    gpu.global_cache = 4 << 20;
    EXPECT_EQ(second_level_cache(gpu).bytes, 4.0 * 1024 * 1024);
}

} // namespace

namespace sweep {
namespace {

constexpr double kKiB = 1024, kMiB = 1024 * 1024;

// Bandwidth over working set shaped like a GPU's with the caches below: `l1` B/s up to the
// L1, `l2` up to the L2, `dram` past it, each step spread over a factor 1.5 past the cache
// size (in log y), with a small wobble; points at powers of two and 1.5x between, 4 KiB..512
// MiB.
struct Staircase {
    double l1_bytes = 256 * kKiB, l2_bytes = 50 * kMiB;
    double l1 = 31e12, l2 = 10.5e12, dram = 4.2e12;
};
std::pair<std::vector<double>, std::vector<double>> curve(const Staircase& c) {
    std::vector<double> x, y;
    auto level = [&](double s) {
        auto blend = [](double at, double size, double before, double after) {
            if (at <= size) return before;
            const double t = std::min(1.0, std::log(at / size) / std::log(1.5));
            return std::exp(std::log(before) + t * (std::log(after) - std::log(before)));
        };
        return s <= c.l2_bytes ? blend(s, c.l1_bytes, c.l1, c.l2)
                               : blend(s, c.l2_bytes, c.l2, c.dram);
    };
    int i = 0;
    for (double p = 4 * kKiB; p <= 512 * kMiB; p *= 2)
        for (double s : {p, 1.5 * p}) {
            if (s > 512 * kMiB) break;
            x.push_back(s);
            y.push_back(level(s) * (1 + 0.03 * ((i++ % 3) - 1)));
        }
    return {x, y};
}

TEST(CacheSizes, TextInBinaryUnitsRounded) {
    EXPECT_EQ(cache_size_text(4096), "4 KiB");
    EXPECT_EQ(cache_size_text(185344), "181 KiB"); // a chase point: rounded, not cut
    EXPECT_EQ(cache_size_text(50.0 * 1024 * 1024), "50 MiB");
    EXPECT_EQ(cache_size_text(5.93e6), "6 MiB");
}

TEST(CacheLevels, ThreeLevelsAndTheirSteps) {
    const Staircase c;
    const auto [x, y] = curve(c);
    const CacheLevels lv = detect_cache_levels(x, y);
    ASSERT_EQ(lv.levels.size(), 3u) << lv.note;
    ASSERT_EQ(lv.steps.size(), 2u);
    EXPECT_NEAR(lv.levels[0].value, c.l1, c.l1 * 0.04);
    EXPECT_NEAR(lv.levels[1].value, c.l2, c.l2 * 0.04);
    EXPECT_NEAR(lv.levels[2].value, c.dram, c.dram * 0.04);
    const CacheMatch l1 = match_falling_step(lv, c.l1_bytes),
                     l2 = match_falling_step(lv, c.l2_bytes);
    ASSERT_TRUE(l1.found) << l1.note;
    ASSERT_TRUE(l2.found) << l2.note;
    // The steps spread over [size, 1.5 size]: their middles lie inside.
    EXPECT_GT(l1.ratio, 1.0);
    EXPECT_LT(l1.ratio, 1.5);
    EXPECT_GT(l2.ratio, 1.0);
    EXPECT_LT(l2.ratio, 1.5);
    EXPECT_NEAR(l1.level, c.l1, c.l1 * 0.04);
}

TEST(CacheLevels, OneOutlierIsNoLevelAndAFlatCurveHasNoStep) {
    auto [x, y] = curve(Staircase{});
    y[20] *= 3; // one launch on a noisy host
    EXPECT_EQ(detect_cache_levels(x, y).levels.size(), 3u);
    std::vector<double> flat(x.size(), 5e12);
    const CacheLevels lv = detect_cache_levels(x, flat);
    EXPECT_EQ(lv.levels.size(), 1u);
    EXPECT_TRUE(lv.steps.empty());
    EXPECT_FALSE(match_falling_step(lv, 50 * kMiB).found);
    EXPECT_TRUE(detect_cache_levels({1}, {1}).levels.empty()); // too few points
}

TEST(CacheLevels, ASlowDriftIsOneLevel) {
    std::vector<double> x, y;
    for (int i = 0; i < 16; ++i) { // a falling L2 rate from 4 to 64 MiB
        x.push_back(4 * kMiB * std::pow(2.0, i / 4.0));
        y.push_back(11e12 - 1.8e12 * i / 15);
    }
    EXPECT_EQ(detect_cache_levels(x, y).levels.size(), 1u);
}

TEST(CacheLevels, RisingStepsAreNoCacheEnd) {
    // A latency staircase rises: its steps are found, but none is a bandwidth's falling step.
    auto [x, y] = curve(Staircase{});
    for (double& v : y)
        v = 1 / v;
    const CacheLevels lv = detect_cache_levels(x, y);
    ASSERT_EQ(lv.steps.size(), 2u);
    EXPECT_FALSE(lv.steps[0].falls());
    EXPECT_FALSE(match_falling_step(lv, 256 * kKiB).found);
}

// Planted: the device facts say 50 MiB, the curve's L2 step is at 400 MiB (a detector fed
// the wrong size, or a device whose L2 the table has wrong): the L2 is not matched.
TEST(CacheLevels, PlantedL2StepEightTimesTooLateIsNotMatched) {
    Staircase c;
    c.l2_bytes = 400 * kMiB;
    const auto [x, y] = curve(c);
    const CacheMatch m = match_falling_step(detect_cache_levels(x, y), 50 * kMiB);
    EXPECT_FALSE(m.found) << "ratio " << m.ratio;
}

// The sweep's own feature function, on a synthetic result: L1 and L2 held against the
// device's sizes, DRAM as the last level; with the L2 step moved it reports no L2.
nlohmann::json features_of(const Staircase& c, double device_l2) {
    const Sweep* w = find_sweep("cache");
    EXPECT_NE(w, nullptr);
    Plan plan;
    plan.facts = {
        {"l1_bytes", 256 * kKiB}, {"l2_bytes", device_l2}, {"dram_theoretical_Bps", 4.8e12}};
    const auto [x, y] = curve(c);
    Series s{"read", {}};
    for (size_t i = 0; i < x.size(); ++i)
        s.points.push_back({x[i], y[i], {}});
    return w->hooks.features(plan, {s});
}

TEST(CacheSweepFeatures, HoldsTheStepsAgainstTheDeviceSizes) {
    const nlohmann::json f = features_of(Staircase{}, 50 * kMiB);
    EXPECT_TRUE(f["l1"]["found"].get<bool>()) << f.dump();
    EXPECT_TRUE(f["l2"]["found"].get<bool>()) << f.dump();
    EXPECT_NEAR(f["l2"]["ratio"].get<double>(), 1.2, 0.3);
    ASSERT_TRUE(f.contains("dram")) << f.dump();
    EXPECT_NEAR(f["dram"]["over_theoretical"].get<double>(), 4.2 / 4.8, 0.04);
    Staircase wrong;
    wrong.l2_bytes = 400 * kMiB;
    EXPECT_FALSE(features_of(wrong, 50 * kMiB)["l2"]["found"].get<bool>());
}

} // namespace
} // namespace sweep
} // namespace clgauge
