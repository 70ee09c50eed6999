// label unit: recording a baseline: rounds pooled, failures refused, files merged across
// metrics, devices and machines: no device needed.
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

// A check measures with the budget each metric was recorded with, and says so; a budget the
// run asked for that the recorded ones override is named.
TEST(BaselineCheck, BudgetLineSaysWhichBudgetAndFromWhere) {
    BaselineFile f;
    f.metrics["a.x"].budget_ms = 100;
    f.metrics["b.x"].budget_ms = 0; // recorded without a budget
    Benchmark a, b, c;
    a.id = "a.x", b.id = "b.x", c.id = "c.x";
    RunOptions opts;
    opts.budget.seconds = 0.05;
    const std::string line = check_budget_line(f, {&a, &b, &c}, opts);
    EXPECT_EQ(line.rfind("budget: 100 ms a metric for 1 metrics, as the baseline recorded", 0), 0u)
        << line;
    EXPECT_NE(line.find("50 ms (this run's) for 2 metrics"), std::string::npos) << line;
    EXPECT_NE(line.find("does not apply to the recorded ones"), std::string::npos) << line;
    // The run's budget equal to the recorded one: nothing is overridden.
    opts.budget.seconds = 0.1;
    EXPECT_EQ(check_budget_line(f, {&a}, opts).find("does not apply"), std::string::npos);
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

// An MMA row on a GPU that warms through a recording: its first round at a higher SM clock,
// the figure with it. As figures the rounds differ by 3% (an own tolerance of 6%); as ratios to
// each round's own clock they agree, and the ratio is what catches a 3% slower driver.
TEST(BaselineRecord, EachRoundsReferenceTakesItsDriftOutOfTheRatio) {
    Benchmark b;
    b.id = "mma.h";
    b.unit = Unit::FlopPerSecond;
    const auto round = [](double clock_hz, double jitter) {
        std::vector<double> s;
        for (int i = 0; i < 11; ++i)
            s.push_back(1e-3 * 1.98e9 / clock_hz * (1 + jitter + 0.0005 * i));
        Measurement m = measured(s);
        m.reference_rate = clock_hz;
        m.reference_what = "the SM clock";
        return m;
    };
    BaselineFile f;
    for (int g = 0; g < 4; ++g) {
        const double hot = 1.92e9 - 0.01e9 * g; // each machine clocks down its own way
        const RecordOutcome o =
            metric_from_rounds(b, {round(1.98e9, 0), round(hot, 0.001), round(hot, 0)}, h200(), "d",
                               kOwnToleranceFloor, "gpu-" + std::to_string(g));
        ASSERT_TRUE(o.recorded) << o.why;
        const Recording& rec = o.metric.recordings.front();
        ASSERT_EQ(rec.reference_rounds.size(), 3u);
        EXPECT_EQ(rec.reference_rounds[1].samples, 11u);
        EXPECT_GT(rec.tolerance, 0.05) << "the figure drifts with the clock";
        EXPECT_LT(rec.ratio_tolerance, 0.015) << "its ratio to each round's clock does not";
        BaselineMachine bm = machine();
        bm.id = rec.machine;
        f = merge_baseline(g == 0 ? nullptr : &f, h200(), {{b.id, o.metric}}, "d", bm);
    }
    // The rounds and their references survive the file.
    f = baseline_from_json(baseline_to_json(f), "x.json");
    const MetricBaseline& m = f.metrics.at("mma.h");
    EXPECT_EQ(m.recordings.back().reference_rounds.size(), 3u);
    const auto ratios = ratio_baseline(m);
    ASSERT_TRUE(ratios);
    EXPECT_GT(m.tolerance, 0.05);
    EXPECT_LT(ratios->tolerance, 0.025) << "planted fault: one reference for every round";
    // A fresh machine at 1.95 GHz: its figure alone is within the pool; 3% fewer FLOP a cycle is
    // a regression, the same figure from a 3% slower clock is not.
    const auto check = [&](double flop_per_cycle_change, double clock_hz) {
        std::vector<double> samples;
        for (int i = 0; i < 11; ++i)
            samples.push_back(1e12 * clock_hz / 1.98e9 * flop_per_cycle_change * (1 + 0.0005 * i));
        const MetricCheck plain =
            compare_metric(b.id, b.unit, &m, Status::Ok, "", gate_value(b.unit, samples), samples);
        return judged_by_ratio(plain, *ratios, m.recordings[0].reference, clock_hz, "the SM clock",
                               samples);
    };
    EXPECT_EQ(check(1.0, 1.95e9).verdict, Verdict::Ok) << check_line(check(1.0, 1.95e9));
    EXPECT_EQ(check(1 / 1.03, 1.95e9).verdict, Verdict::Regression)
        << check_line(check(1 / 1.03, 1.95e9));
    EXPECT_EQ(check(1.0, 1.95e9 / 1.03).verdict, Verdict::Ok)
        << check_line(check(1.0, 1.95e9 / 1.03));
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
    // Planted fault "a tolerance that ignores the spread": the typical machine's own 5% plus
    // twice the largest distance from the pooled value (10/110).
    EXPECT_NEAR(m.tolerance, 0.05 + 2 * 10.0 / 110.0, 1e-9);
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

// For a metric whose method changed: the old machines' recordings go, the rest is pooled
// anew, the other metrics and machines stay, and emptying a metric is refused.
TEST(BaselinePool, DroppingMachinesPoolsWhatIsLeft) {
    BaselineFile f = record_on(nullptr, "machine-a", 100e12);
    f = record_on(&f, "machine-b", 120e12);
    f = record_on(&f, "machine-c", 104e12);
    MetricBaseline other = ok_metric(5e12, 0.05, Unit::FlopPerSecond, "machine-a");
    f = merge_baseline(&f, h200(), {{"fp64.fma", other}}, "d", machine("machine-a"));
    const BaselineFile before = f;

    const auto changed = drop_recordings(f, {"machine-a", "machine-c"}, "fp32.*");
    ASSERT_EQ(changed, (std::vector<std::string>{"fp32.fma: 3 -> 1 machines"}));
    const MetricBaseline& m = f.metrics.at("fp32.fma");
    ASSERT_EQ(m.recordings.size(), 1u);
    EXPECT_EQ(m.recordings[0].machine, "machine-b");
    EXPECT_NEAR(m.value, 120e12, 1e3) << "the one machine left's value, not the old median";
    EXPECT_DOUBLE_EQ(m.tolerance, m.recordings[0].tolerance);
    EXPECT_EQ(m.samples, m.recordings[0].samples) << "derived figures pooled again";
    EXPECT_EQ(f.metrics.at("fp64.fma").recordings.size(), 1u) << "outside the glob: kept";
    ASSERT_EQ(f.machines.size(), 2u) << "machine-c recorded nothing else";
    EXPECT_EQ(f.machines[0].id, "machine-a");
    EXPECT_EQ(f.machines[1].id, "machine-b");

    BaselineFile g = before;
    EXPECT_THROW(drop_recordings(g, {"machine-a"}, "fp64.fma"), BaselineError);
    EXPECT_EQ(g.metrics.at("fp64.fma").recordings.size(), 1u) << "a refused drop changes nothing";
    EXPECT_EQ(g.machines.size(), before.machines.size());
}

TEST(BaselinePool, ValueAndTolerance) {
    std::vector<Recording> rs(3);
    for (size_t i = 0; i < 3; ++i) {
        rs[i].value = 100.0 + 10.0 * double(i);
        rs[i].tolerance = 0.05;
    }
    EXPECT_DOUBLE_EQ(pooled_value(rs), 110);
    EXPECT_NEAR(pooled_tolerance(rs, 110), 0.05 + 2 * 10.0 / 110, 1e-12);
    rs[2].value = 1000;
    EXPECT_DOUBLE_EQ(pooled_tolerance(rs, pooled_value(rs)), kToleranceCap);
}

// The model (baseline/gate.hpp): the typical machine's own tolerance plus twice the spread
// between machines, learned from kLearnedMachines; no more than that, so that a kind whose
// machines agree catches a 3% slowdown.
TEST(BaselinePool, ToleranceIsOwnPlusTwiceTheSpreadOnceFourMachinesRecorded) {
    std::vector<Recording> rs(kLearnedMachines);
    const double values[] = {100.0, 100.4, 99.7, 100.2};
    for (size_t i = 0; i < rs.size(); ++i) {
        rs[i].value = values[i];
        rs[i].tolerance = 0.01;
    }
    const double v = pooled_value(rs);
    EXPECT_DOUBLE_EQ(v, 100.1);
    // Planted fault "a tolerance wider than the floor": four machines within 0.4% of each
    // other must get the floor, not the unlearned 5% nor the old own-plus-distance sum.
    EXPECT_DOUBLE_EQ(pooled_tolerance(rs, v), kToleranceFloor);
    EXPECT_LT(smallest_caught(Unit::FlopPerSecond, pooled_tolerance(rs, v)), 0.03);
    // One machine fewer: the spread of three is no estimate of the next machine's.
    rs.pop_back();
    EXPECT_DOUBLE_EQ(pooled_tolerance(rs, pooled_value(rs)), kUnlearnedTolerance);
    // Machines 3% apart: the tolerance follows them.
    rs = std::vector<Recording>(4);
    const double wide[] = {100.0, 103.0, 97.0, 100.0};
    for (size_t i = 0; i < rs.size(); ++i) {
        rs[i].value = wide[i];
        rs[i].tolerance = 0.01;
    }
    EXPECT_NEAR(pooled_tolerance(rs, pooled_value(rs)), 0.01 + 2 * 0.03, 1e-12);
}

} // namespace
} // namespace clgauge
