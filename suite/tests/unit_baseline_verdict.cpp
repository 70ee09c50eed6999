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
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 0, {}, 10), kOwnToleranceFloor);
    // Four standard errors of the median of 16 samples: 4 x 1.2533 x 1.4826 MAD / 4.
    EXPECT_NEAR(tolerance_from_spread(100, 1, {}, 16), 1.2533 * 1.4826 / 100, 1e-12);
    EXPECT_NEAR(tolerance_from_spread(100, 0, {97, 100, 101}, 10), 0.08, 1e-12); // 2x range
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 20, {}, 1), kToleranceCap);
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 0, {}, 10, 0.2), 0.2);
    // Planted fault "a tolerance wider than the floor": 20 steady samples with a 0.5% MAD and
    // rounds that agree within 0.2% are one machine repeating itself to the floor, where four
    // sigma of single samples (the old rule) gave 3%.
    EXPECT_DOUBLE_EQ(tolerance_from_spread(100, 0.5, {100, 100.1, 99.9}, 20), kOwnToleranceFloor);
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
    // The samples must also confirm it (one-sided Mann-Whitney against the baseline moved by
    // the tolerance): a slowdown a third of the tolerance past it, with samples within 1%.
    for (const double tol : {0.05, 0.075, 0.0909, 0.2}) {
        const MetricBaseline base = ok_metric(1e12, tol);
        const MetricCheck c = check_rate(base, 1.0);
        ASSERT_NEAR(c.catches, tol / (1 - tol), 1e-9) << tol;
        EXPECT_EQ(check_rate(base, 1 / (1 + c.catches * 1.33)).verdict, Verdict::Regression)
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
    const MetricBaseline base = ok_metric(20e-6, 0.05, Unit::Seconds);
    auto check = [&](double f) {
        return compare_metric("launch.latency", Unit::Seconds, &base, Status::Ok, "",
                              base.median * f, around(base.median * f, 0.01));
    };
    EXPECT_EQ(check(1.0).verdict, Verdict::Ok);
    EXPECT_DOUBLE_EQ(check(1.0).tolerance, 0.05);
    // A launch 12% slower fails: an absolute slack of 3 us once let a 30% slower launch pass.
    EXPECT_EQ(check(1.12).verdict, Verdict::Regression) << check_line(check(1.12));
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
                              summarize(s).median, s);
    };
    // Another host: 60 of 100 launches in a tail at 12 us, the median +30%: passes.
    const auto heavy_tail = latency_samples(8.8e-6, 12e-6, 60);
    ASSERT_GT(summarize(heavy_tail).median / summarize(base.samples).median, 1.2);
    const MetricCheck tail = check(heavy_tail);
    EXPECT_EQ(tail.verdict, Verdict::Ok) << check_line(tail);
    EXPECT_NE(check_line(tail).find("p10"), std::string::npos) << check_line(tail);
    // A host 2 us (23%) slower on every launch: a regression of the launch path.
    std::vector<double> shifted;
    for (double x : base.samples)
        shifted.push_back(x + 2e-6);
    EXPECT_EQ(check(shifted).verdict, Verdict::Regression) << check_line(check(shifted));
    // The device or driver doubles the launch latency: every launch slower, fails.
    std::vector<double> doubled;
    for (double x : base.samples)
        doubled.push_back(2 * x);
    EXPECT_EQ(check(doubled).verdict, Verdict::Regression) << check_line(check(doubled));
    // Why not the median: on it the other host's heavy tail is beyond any tolerance we give.
    EXPECT_GT(summarize(heavy_tail).median / base.median - 1, tail.tolerance);
}

TEST(BaselineVerdict, GateStatistics) {
    EXPECT_DOUBLE_EQ(quantile({4, 1, 3, 2, 5}, 0.5), 3);
    EXPECT_DOUBLE_EQ(quantile({1, 2, 3, 4, 5}, 0.1), 1.4);
    EXPECT_DOUBLE_EQ(quantile({}, 0.1), 0);
    EXPECT_STREQ(gate_statistic(Unit::Seconds), "p10");
    EXPECT_STREQ(gate_statistic(Unit::BytePerSecond), "median");
}

// launch.dispatch as a fresh machine saw a doctored baseline: the recording's launches with a
// heavy right tail, this machine's 10% slower at the fast end with a light one. The rank test
// of the whole distribution reads the light tail as faster and never confirms; the test at the
// gate's quantile does.
TEST(BaselineVerdict, ALatencyIsConfirmedAtItsQuantileNotByItsTail) {
    std::vector<double> recorded, slower;
    for (size_t i = 0; i < 400; ++i) {
        const double at = 1 + 0.0005 * double(i % 100);
        recorded.push_back(i % 10 < 5 ? 5e-6 * at : 9e-6 * at); // half the launches in a tail
        slower.push_back(5.5e-6 * at * (i % 10 < 1 ? 1.2 : 1.0));
    }
    const MetricBaseline base = ok_metric(0, 0.07, Unit::Seconds, kMachine, recorded);
    const MetricCheck c = compare_metric("launch.dispatch", Unit::Seconds, &base, Status::Ok, "",
                                         summarize(slower).median, slower);
    EXPECT_EQ(c.verdict, Verdict::Regression) << check_line(c);
    EXPECT_NE(c.note.find("quantile test"), std::string::npos) << c.note;
    std::vector<double> edge;
    for (double x : recorded)
        edge.push_back(x * 1.07);
    // Planted fault "a rank test of the whole distribution": it does not confirm this.
    EXPECT_GT(mann_whitney_smaller_p(edge, slower), kConfirmP);
    // The same launches as the recording's: nothing to confirm.
    EXPECT_GT(quantile_slower_p(recorded, edge, kLatencyQuantile), kConfirmP);
    EXPECT_DOUBLE_EQ(quantile_slower_p({}, edge, kLatencyQuantile), 1.0);
}

// A figure past the tolerance whose samples do not lie past it (the test is against the
// baseline moved by the tolerance) is not confirmed: one slow run of a noisy route is not a
// regression.
TEST(BaselineVerdict, ASlowdownJustPastTheToleranceNeedsTheSamplesToConfirmIt) {
    const MetricBaseline base =
        ok_metric(1e12, 0.05, Unit::FlopPerSecond, kMachine, around(1e12, 0.2, 21));
    const MetricCheck c = compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "",
                                         0.945e12, around(0.945e12, 0.2, 21));
    EXPECT_EQ(c.verdict, Verdict::Ok) << check_line(c);
    EXPECT_NE(c.note.find("not a confirmed regression"), std::string::npos) << c.note;
    // Planted fault "the test against the unmoved baseline": these samples are smaller than the
    // baseline's, only not than the baseline's moved by 5%.
    EXPECT_LT(mann_whitney_smaller_p(around(0.945e12, 0.2, 21), base.samples), kConfirmP);
}

// A host that recorded itself is held to its own recording and repeatability; any other host
// to the pool. The verdict line says which.
TEST(BaselineVerdict, AHostThatRecordedItselfIsHeldToItsOwnRecording) {
    const MetricBaseline m = with_machines(
        ok_metric(100e12, 0.01, Unit::FlopPerSecond, "gpu-aaaaaaaa"),
        {{"gpu-bbbbbbbb", 104e12}, {"gpu-cccccccc", 97e12}, {"gpu-dddddddd", 101e12}}, 0.01);
    std::string against;
    const MetricBaseline own = judged_baseline("fp32.fma", m, "gpu-aaaaaaaa", against);
    EXPECT_EQ(against, "its own recording (gpu-aaaaaaaa)");
    EXPECT_DOUBLE_EQ(own.tolerance, 0.01);
    EXPECT_NEAR(own.value, 100e12, 1e3);
    const MetricBaseline pool = judged_baseline("fp32.fma", m, "gpu-eeeeeeee", against);
    EXPECT_EQ(against, "the pool of 4 machines");
    EXPECT_GT(pool.tolerance, 0.05);
    // 3% slower than it measured itself: caught against its own recording, not by the pool.
    const auto verdict = [](const MetricBaseline& b) {
        return compare_metric("fp32.fma", Unit::FlopPerSecond, &b, Status::Ok, "", 97e12,
                              around(97e12, 0.01));
    };
    EXPECT_EQ(verdict(own).verdict, Verdict::Regression) << check_line(verdict(own));
    EXPECT_EQ(verdict(pool).verdict, Verdict::Ok) << check_line(verdict(pool));
    MetricCheck c = verdict(own);
    c.against = "its own recording (gpu-aaaaaaaa)";
    EXPECT_NE(check_line(c).find("against its own recording (gpu-aaaaaaaa)"), std::string::npos)
        << check_line(c);
    const MetricBaseline one = ok_metric(100e12, 0.01);
    (void)judged_baseline("fp32.fma", one, "gpu-ffffffff", against);
    EXPECT_EQ(against, "the pool of 1 machine (fewer than 4: tolerance at least 5.0%)");
}

// A pageable copy follows the host: four machines that read 7 to 9 GB/s, each beside its own
// memcpy rate, agree on the ratio. A host whose memory is slower moves both and passes; a
// driver whose copy is slower moves the figure alone and fails.
TEST(BaselineVerdict, ARouteThatFollowsTheHostIsJudgedByItsRatioToTheHostsOwnRate) {
    MetricBaseline m;
    m.unit = Unit::BytePerSecond;
    const double figures[] = {7e9, 8e9, 9e9, 8.5e9}, hosts[] = {7e9, 8e9, 9e9, 8.5e9};
    for (size_t i = 0; i < 4; ++i) {
        MetricBaseline one =
            ok_metric(figures[i], 0.02, Unit::BytePerSecond, "gpu-" + std::to_string(i));
        one.recordings.front().reference = hosts[i];
        m.recordings.push_back(one.recordings.front());
    }
    pool_recordings(m);
    ASSERT_GT(m.tolerance, 0.2) << "the figures alone spread by a quarter";
    const auto ratios = ratio_baseline(m);
    ASSERT_TRUE(ratios);
    EXPECT_NEAR(ratios->value, 1.0, 1e-9);
    EXPECT_DOUBLE_EQ(ratios->tolerance, kToleranceFloor) << "the ratios agree";
    const auto check = [&](double figure, double host) {
        const auto samples = around(figure, 0.01);
        const MetricCheck plain = compare_metric("xfer.h2d.pageable", Unit::BytePerSecond, &m,
                                                 Status::Ok, "", figure, samples);
        return judged_by_ratio(plain, *ratios, 8.25e9, host, "the host's memcpy", samples);
    };
    // A host 40% slower than the pool, its copies with it: not the driver.
    const MetricCheck slow_host = check(5.0e9, 5.0e9);
    EXPECT_EQ(slow_host.verdict, Verdict::Ok) << check_line(slow_host);
    EXPECT_NE(slow_host.note.find("fell with it, what it measures is slower"), std::string::npos)
        << slow_host.note;
    // The same host's rate, the copy 10% slower: the driver. The figure alone (8.1 against a
    // pool of 8.25 with 25% tolerance) would pass.
    const MetricCheck slow_driver = check(8.1e9 / 1.10, 8.1e9);
    EXPECT_EQ(slow_driver.verdict, Verdict::Regression) << check_line(slow_driver);
    EXPECT_NE(check_line(slow_driver).find("as a ratio to the host's memcpy -9.1%"),
              std::string::npos)
        << check_line(slow_driver);
    // Machines that agree on the figure more than on its ratio: the figure decides.
    MetricBaseline wide_ratios = *ratios;
    wide_ratios.tolerance = m.tolerance * 1.5;
    const auto samples = around(8.1e9 / 1.10, 0.01);
    const MetricCheck plain = compare_metric("xfer.h2d.pageable", Unit::BytePerSecond, &m,
                                             Status::Ok, "", 8.1e9 / 1.10, samples);
    const MetricCheck kept =
        judged_by_ratio(plain, wide_ratios, 8.25e9, 8.1e9, "the host's memcpy", samples);
    EXPECT_EQ(kept.verdict, plain.verdict) << check_line(kept);
    EXPECT_TRUE(kept.ratio_to.empty()) << check_line(kept);
    // No reference in a recording: no ratio to judge by.
    m.recordings[2].reference = 0;
    EXPECT_FALSE(ratio_baseline(m));
}

// A tensor-core row whose recordings all ran at one clock: figure and ratio both at the
// floor. A machine that runs it 3% faster a clock and 3% slower a cycle reads the same figure;
// the ratio to its clock, which decides on a tie, sees the slower code.
TEST(BaselineVerdict, OnATieOfTolerancesTheRatioDecides) {
    MetricBaseline m;
    m.unit = Unit::FlopPerSecond;
    for (size_t i = 0; i < 4; ++i) {
        MetricBaseline one = ok_metric(1e12 * (1 + 0.001 * double(i)), 0.01, Unit::FlopPerSecond,
                                       "gpu-" + std::to_string(i));
        one.recordings.front().reference = 1.75e9;
        m.recordings.push_back(one.recordings.front());
    }
    pool_recordings(m);
    const auto ratios = ratio_baseline(m);
    ASSERT_TRUE(ratios);
    ASSERT_DOUBLE_EQ(m.tolerance, kToleranceFloor);
    ASSERT_DOUBLE_EQ(ratios->tolerance, kToleranceFloor);
    const double clock = 1.80e9, figure = 1e12 * clock / 1.75e9 / 1.03;
    const auto samples = around(figure, 0.01);
    const MetricCheck plain =
        compare_metric("mma.sp.bf", Unit::FlopPerSecond, &m, Status::Ok, "", figure, samples);
    ASSERT_EQ(plain.verdict, Verdict::Ok) << "the faster clock hides it from the figure";
    const MetricCheck c = judged_by_ratio(plain, *ratios, 1.75e9, clock, "the SM clock", samples);
    EXPECT_EQ(c.verdict, Verdict::Regression) << check_line(c);
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
