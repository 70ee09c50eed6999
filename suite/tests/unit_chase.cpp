// label unit: the chase's permutation (one cycle, where a walk ends), the staircase and bank
// detectors on synthetic curves, the local-banks reference and the local-memory peak.
#include "core/memory_peak.hpp"
#include "harness/chase.hpp"
#include "harness/sm_clock_sum.hpp"
#include "reference/chase.hpp"
#include "reference/local.hpp"
#include "sweep/staircase.hpp"

#include <cmath>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace clgauge {
namespace {

TEST(ChaseCycle, SattoloGivesOneCycleThroughEveryLine) {
    for (uint32_t lines : {1u, 2u, 3u, 32u, 1000u, 4096u}) {
        const ref::ChaseCycle c(0x5eed2026u, lines);
        std::set<uint32_t> seen;
        uint32_t line = 0;
        for (uint32_t k = 0; k < lines; ++k) {
            EXPECT_TRUE(seen.insert(line).second) << lines << " lines: line " << line << " twice";
            line = c.next(line);
        }
        EXPECT_EQ(line, 0u) << lines << " lines: the walk is not back after one lap";
        EXPECT_EQ(seen.size(), lines);
    }
}

TEST(ChaseCycle, AfterMatchesAStepByStepWalk) {
    const ref::ChaseCycle c(7, 333);
    for (uint32_t start : {0u, 5u, 332u}) {
        uint32_t line = start;
        for (uint64_t n = 0; n < 1000; ++n) {
            ASSERT_EQ(c.after(start, n), line) << "from " << start << " after " << n;
            line = c.next(line);
        }
        EXPECT_EQ(c.after(start, 333ull * 1000000 + 1), c.next(start)) << "whole laps";
    }
}

TEST(ChaseCycle, SeedsGiveDifferentRandomOrders) {
    const ref::ChaseCycle a(1, 1024), b(2, 1024);
    size_t same = 0, neighbours = 0;
    for (uint32_t i = 0; i < 1024; ++i) {
        same += a.next(i) == b.next(i);
        neighbours += a.next(i) == (i + 1) % 1024;
    }
    EXPECT_LT(same, 10u);
    EXPECT_LT(neighbours, 10u) << "a prefetcher could follow the walk";
}

TEST(ChaseCycle, WordsPointAtTheNextLineAndElseAtTheirOwn) {
    const ref::ChaseCycle c(3, 64);
    const auto w = ref::chase_words(c, 32);
    ASSERT_EQ(w.size(), 64u * 32);
    for (uint32_t line = 0; line < 64; ++line) {
        EXPECT_EQ(w[line * 32], c.next(line) * 32);
        EXPECT_EQ(w[line * 32 + 1], line * 32) << "a wrong word must not lead on";
    }
}

} // namespace

namespace sweep {
namespace {

constexpr double KiB = 1024, MiB = 1024 * 1024;

struct Cache {
    double bytes, latency;
};

// Latency over working set for a hierarchy with the given caches and `dram` behind them. A
// cache of C bytes serves a random cycle of S > C bytes with probability (C/S)^sharpness:
// sharpness 1 is random replacement (gradual steps), large values LRU (a cliff).
std::pair<std::vector<double>, std::vector<double>> staircase(const std::vector<Cache>& caches,
                                                              double dram, double top,
                                                              double sharpness, double noise = 0) {
    std::vector<double> x, y;
    unsigned k = 0;
    for (double s = 4 * KiB; s <= top * 1.001; s *= std::sqrt(2.0), ++k) {
        double lat = dram;
        for (auto c = caches.rbegin(); c != caches.rend(); ++c) {
            const double hit = s <= c->bytes ? 1 : std::pow(c->bytes / s, sharpness);
            lat = hit * c->latency + (1 - hit) * lat;
        }
        x.push_back(s);
        y.push_back(lat * (1 + noise * ((k * 7919) % 5 - 2.0) / 2.0)); // +-noise, fixed
    }
    return {x, y};
}

// The H200's targets in cycles (a CUDA chase's figures): 39 to 32 KiB, ~300 at 1 MiB, 590-615 at
// 8-40 MiB, 686 at 512 MiB, with a TLB step to 760 past 512 MiB drawn as one more level.
const std::vector<Cache> kH200 = {{32 * KiB, 39}, {3 * MiB, 300}, {50 * MiB, 600}};

TEST(Staircase, LevelsOfAnH200LikeCurve) {
    auto [x, y] = staircase(kH200, 686, 1024 * MiB, 6);
    for (size_t i = 0; i < x.size(); ++i)
        if (x[i] > 600 * MiB) y[i] = 760;
    Staircase st = detect_levels(x, y);
    ASSERT_EQ(st.levels.size(), 5u) << st.note;
    const double want[] = {39, 300, 600, 686, 760};
    for (size_t i = 0; i < 5; ++i)
        EXPECT_NEAR(st.levels[i].latency, want[i], want[i] * 0.03) << "level " << i;
    ASSERT_TRUE(name_levels(st, 50 * MiB));
    EXPECT_EQ(st.levels[0].name, "L1");
    EXPECT_EQ(st.levels[1].name, "L2 step 1");
    EXPECT_EQ(st.levels[2].name, "L2 step 2");
    EXPECT_EQ(st.levels[3].name, "DRAM");
    EXPECT_EQ(st.levels[4].name, "DRAM, TLB step 1");
    EXPECT_GE(st.levels[0].to_x, 32 * KiB);
    EXPECT_LT(st.levels[0].to_x, 64 * KiB);
    EXPECT_GT(st.levels[3].from_x, 50 * MiB);
    EXPECT_LT(st.levels[3].from_x, 2 * 50 * MiB);
}

// A split L2 shaped as the H100's and H200's sweeps show it (baselines/nvidia/NOTES.md): a near
// level, a slope of two close points, the far partition's level from 0.7x the cache to its
// size, DRAM past it. With the chase plan's points (two an octave, eight from a quarter of the
// cache to its size) the far level is an L2 level though it begins past 0.7x the cache, and
// the slope is no level.
TEST(Staircase, TheFarL2OfASplitCacheIsAnL2Level) {
    std::vector<double> x;
    for (double v = 4 * KiB; v <= 1024 * MiB * 1.001; v *= std::sqrt(2.0))
        x.push_back(v);
    for (double v = 12.5 * MiB; v <= 50 * MiB * 1.001; v *= std::pow(2.0, 0.125))
        x.push_back(v);
    std::sort(x.begin(), x.end());
    std::vector<double> y;
    for (double v : x)
        y.push_back(v <= 180 * KiB    ? 40
                    : v <= 27.3 * MiB ? 287
                    : v <= 30 * MiB   ? 377
                    : v <= 33 * MiB   ? 400
                    : v <= 50.1 * MiB ? 494 + (v - 35 * MiB) / (15 * MiB) * 25
                                      : 680);
    Staircase st = detect_levels(x, y);
    ASSERT_EQ(st.levels.size(), 4u) << st.note;
    ASSERT_TRUE(name_levels(st, 50 * MiB));
    EXPECT_EQ(st.levels[1].name, "L2 step 1");
    EXPECT_EQ(st.levels[2].name, "L2 step 2");
    EXPECT_NEAR(st.levels[2].latency, 506, 15);
    EXPECT_GT(st.levels[2].from_x, 33 * MiB) << "the slope's two points are no level";
    EXPECT_EQ(st.levels[3].name, "DRAM");
    EXPECT_GE(st.levels[3].from_x, 50 * MiB);
}

TEST(Staircase, GradualStepsOfRandomReplacementStillGiveTheLevels) {
    const auto [x, y] = staircase({{64 * KiB, 40}, {50 * MiB, 300}}, 700, 2048 * MiB, 1, 0.02);
    Staircase st = detect_levels(x, y);
    ASSERT_GE(st.levels.size(), 3u) << st.note;
    EXPECT_NEAR(st.levels.front().latency, 40, 2);
    // L1 hits thin out slowly over the L2's stretch: its median sits a little below 300.
    EXPECT_GT(st.levels[1].latency, 240);
    EXPECT_LT(st.levels[1].latency, 310);
    EXPECT_GT(st.levels.back().latency, 600);
    ASSERT_TRUE(name_levels(st, 50 * MiB));
    EXPECT_EQ(st.levels.front().name, "L1");
}

TEST(Staircase, NoiseOfTwoPercentMakesNoLevels) {
    const auto [x, y] = staircase({}, 100, 64 * MiB, 1, 0.02);
    const Staircase st = detect_levels(x, y);
    ASSERT_EQ(st.levels.size(), 1u) << st.note;
    EXPECT_NEAR(st.levels[0].latency, 100, 2);
    Staircase named = st;
    EXPECT_FALSE(name_levels(named, 50 * MiB)) << "a flat curve never reached DRAM";
}

TEST(Staircase, ASingleSlowPointIsNoLevel) {
    auto [x, y] = staircase({{1 * MiB, 50}}, 400, 256 * MiB, 6);
    const size_t before = detect_levels(x, y).levels.size();
    y[3] *= 3; // one launch disturbed by the host
    EXPECT_EQ(detect_levels(x, y).levels.size(), before);
}

TEST(Staircase, TooFewPoints) {
    EXPECT_TRUE(detect_levels({4096}, {1e-9}).levels.empty());
    EXPECT_TRUE(detect_levels({4096, 8192}, {0, 0}).levels.empty()) << "failed points ignored";
}

TEST(BankFit, NvidiaCurveHas32Banks) {
    std::vector<double> s, r;
    for (unsigned st = 1; st <= 32; ++st) {
        s.push_back(st);
        r.push_back(30e12 / conflict_ways(st, 32) * (st % 3 == 0 ? 0.97 : 1.0));
    }
    const BankFit f = fit_banks(s, r);
    ASSERT_TRUE(f.found) << f.note;
    EXPECT_EQ(f.banks, 32u);
    EXPECT_GT(f.odd_stride_min_ratio, 0.95);
}

TEST(BankFit, SixteenBanksAndNoBanks) {
    std::vector<double> s = {1, 2, 3, 4, 8, 16, 32}, r16, flat;
    for (double st : s) {
        r16.push_back(1e12 / conflict_ways(unsigned(st), 16));
        flat.push_back(1e11);
    }
    EXPECT_EQ(fit_banks(s, r16).banks, 16u);
    const BankFit f = fit_banks(s, flat);
    EXPECT_TRUE(f.found);
    EXPECT_EQ(f.banks, 1u) << "a CPU's local memory is its cache: no conflicts";
}

TEST(BankFit, NoModelExplainsAnUpsideDownCurve) {
    std::vector<double> s = {1, 2, 4, 8, 16, 32}, r;
    for (double st : s)
        r.push_back(1e9 * st * st); // faster with the stride: no bank model
    EXPECT_FALSE(fit_banks(s, r).found);
    EXPECT_FALSE(fit_banks({2, 4, 8}, {1, 1, 1}).found) << "no stride-1 rate";
}

TEST(BankFit, ConflictWays) {
    EXPECT_EQ(conflict_ways(1, 32), 1u);
    EXPECT_EQ(conflict_ways(7, 32), 1u);
    EXPECT_EQ(conflict_ways(12, 32), 4u);
    EXPECT_EQ(conflict_ways(32, 32), 32u);
    EXPECT_EQ(conflict_ways(32, 16), 16u);
}

} // namespace
} // namespace sweep

namespace {

TEST(LocalBanksReference, StrideOneLanesWalkFromTheirLane) {
    // Lane l of a stride-s read starts at word l x s: for s = 1 that is gid mod 32, so the sum
    // is local.read's for the item of that start, moved to this item's start value.
    uint64_t banks = 0, read = 0;
    ref::local_banks(1, 42, 37, 5000, &banks);
    ref::local_walk<1>(42, 5, 37, 5000, &read);
    EXPECT_EQ(banks, read);
    uint64_t s32 = 0, s32b = 0;
    ref::local_banks(32, 42, 1, 5000, &s32);   // lane 1 at word 32
    ref::local_banks(32, 42, 33, 5000, &s32b); // lane 1 of the next 32, start value 33
    EXPECT_EQ(uint32_t(s32b - s32), 32u);
}

TEST(LocalMemoryPeak, NvidiaSmsTimes128BytesPerClock) {
    DeviceFacts f;
    f.type = CL_DEVICE_TYPE_GPU;
    f.vendor = "NVIDIA Corporation";
    f.name = "NVIDIA H200";
    f.compute_units = 132;
    f.clock_mhz = 1980;
    ASSERT_TRUE(local_memory_peak(f));
    EXPECT_NEAR(local_memory_peak(f)->bytes_per_second, 33.45e12, 0.01e12);
    f.vendor = "Intel(R) Corporation";
    EXPECT_FALSE(local_memory_peak(f)) << "no documented figure: no share";
    f.vendor = "NVIDIA Corporation";
    f.type = CL_DEVICE_TYPE_CPU;
    EXPECT_FALSE(local_memory_peak(f));
}

// The SM clock a chase kernel read counts its cycles only where the device can run at it.
TEST(ChaseClock, OnlyAPlausibleSmClockCountsCycles) {
    EXPECT_TRUE(plausible_sm_clock(1977, 1980));
    EXPECT_TRUE(plausible_sm_clock(1410, 1980)) << "a capped clock is the point of reading it";
    EXPECT_FALSE(plausible_sm_clock(0, 1980)) << "a counter the driver does not advance";
    EXPECT_FALSE(plausible_sm_clock(31.25, 1980)) << "another, slower clock";
    EXPECT_FALSE(plausible_sm_clock(4000, 1980)) << "faster than the device runs";
    EXPECT_TRUE(plausible_sm_clock(1500, 0)) << "no reported clock to hold it to";
    EXPECT_FALSE(plausible_sm_clock(-1, 0));
}

} // namespace
} // namespace clgauge
