// label unit: the perf verdict: tolerance, direction, staleness, the latency gate, lost
// capabilities: no device needed.
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

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace clgauge {
namespace {

using namespace baseline_test;

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

// Each verdict says the smallest slowdown its tolerance fails, and that figure is the truth:
// a slowdown just past it fails, one just short of it passes. A metric that cannot catch a
// 10% slowdown is named blind.
TEST(BaselineVerdict, TheSmallestCaughtSlowdownIsWhatTheGateFails) {
    EXPECT_NEAR(smallest_caught(Unit::FlopPerSecond, 0.05), 0.05 / 0.95, 1e-12);
    EXPECT_NEAR(smallest_caught(Unit::Seconds, 0.05), 0.05, 1e-12);
    for (const double tol : {0.05, 0.075, 0.0909, 0.2}) {
        const MetricBaseline base = ok_metric(1e12, tol);
        const MetricCheck c = check_rate(base, 1.0);
        ASSERT_NEAR(c.catches, tol / (1 - tol), 1e-9) << tol;
        EXPECT_EQ(check_rate(base, 1 / (1 + c.catches * 1.02)).verdict, Verdict::Regression)
            << "a slowdown past what the line says it catches passed, tolerance " << tol;
        EXPECT_EQ(check_rate(base, 1 / (1 + c.catches * 0.98)).verdict, Verdict::Ok)
            << "a slowdown short of what the line says failed, tolerance " << tol;
    }
    std::vector<MetricCheck> checks = {check_rate(ok_metric(1e12, 0.05), 1.0),
                                       check_rate(ok_metric(1e12, 0.10), 1.0),
                                       check_rate(ok_metric(1e12, 0.0909), 1.0)};
    checks[1].id = "mem.coalesced.read";
    EXPECT_EQ(blind_metrics(checks), std::vector<std::string>{"mem.coalesced.read"});
    const std::string line = sensitivity_line(checks);
    EXPECT_NE(line.find("1 of 3 metrics held to the baseline cannot catch a 10.0% slowdown: "
                        "mem.coalesced.read"),
              std::string::npos)
        << line;
    EXPECT_NE(check_line(checks[0]).find("catches a 5.3% slowdown"), std::string::npos)
        << check_line(checks[0]);
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

// launch.latency as two GPU machines of one kind see it: the baseline machine's launches fast
// with a few slow ones; another machine's median higher from a heavier right tail.
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
    // The launch family's harness times through the host; barrier and chase on the device.
    for (const Benchmark& b : registry()) {
        if (b.unit != Unit::Seconds) continue;
        EXPECT_EQ(b.gate_slack_s, b.family == "launch" ? kHostLatencySlackSeconds : 0.0) << b.id;
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

} // namespace
} // namespace clgauge
