// label unit: clgauge --compare's A/B verdicts on reports made by the real JSON writer (so a
// renamed field breaks these), with planted regressions, and its errors on malformed or
// mismatched reports: no device needed.
#include "analysis/ab_comparison.hpp"
#include "cli/options.hpp"
#include "registry/registry.hpp"
#include "report/json_report.hpp"

#include <gtest/gtest.h>

namespace clgauge::analysis {
namespace {

// n per-launch times around `center`, spread evenly over +-spread/2 in a scrambled order.
std::vector<double> around(double center, double spread, size_t n = 20) {
    std::vector<double> v;
    for (size_t i = 0; i < n; ++i)
        v.push_back(center * (1 + spread * (double((i * 7) % n) / double(n - 1) - 0.5)));
    return v;
}

std::vector<double> scaled(std::vector<double> v, double f) {
    for (auto& x : v)
        x *= f;
    return v;
}

Measurement timed(std::vector<double> times, double work = 1e12) {
    Measurement m;
    m.status = Status::Ok;
    m.path = "native";
    m.timings.device = summarize(std::move(times));
    m.timings.host = m.timings.device;
    m.work_per_launch = work;
    m.verification.checked = 100;
    return m;
}

Measurement latency(std::vector<double> times) {
    Measurement m = timed(std::move(times), 0);
    m.time_is_figure = true;
    return m;
}

Measurement with_status(Status s, const std::string& reason) {
    Measurement m;
    m.status = s;
    m.reason = reason;
    if (s == Status::VerifyFailed) {
        m.verification.checked = 100;
        m.verification.mismatches = 3;
        m.timings.device = summarize({1e-3, 1e-3, 1e-3});
        m.work_per_launch = 1e9;
    }
    return m;
}

using Results = std::vector<std::pair<std::string, Measurement>>;

nlohmann::json report(const Results& results, const std::string& device = "Test GPU",
                      const std::string& mode = "perf") {
    DeviceReport r;
    r.facts.name = device;
    r.facts.driver = "1.0";
    r.mode = mode;
    for (const auto& [id, m] : results) {
        const Benchmark* b = find_benchmark(id);
        if (!b) ADD_FAILURE() << "no benchmark " << id;
        r.results.push_back({b, m});
    }
    return report_to_json({r});
}

// The usual pair: a throughput, a bandwidth and a latency, all with 20 samples.
Results usual() {
    return {{"fp32.fma", timed(around(1e-3, 0.02))},
            {"mem.coalesced.read", timed(around(2e-3, 0.02), 4e9)},
            {"launch.latency", latency(around(10e-6, 0.04))}};
}

Comparison compare(const nlohmann::json& a, const nlohmann::json& b,
                   const CompareSettings& s = {}) {
    static ReportFile fa, fb; // the comparison points into them
    fa = report_from_json(a, "a.json");
    fb = report_from_json(b, "b.json");
    return compare_reports(fa, fb, s);
}

const MetricComparison& metric(const Comparison& c, const std::string& id) {
    for (const auto& m : c.devices.at(0).metrics)
        if (m.id == id) return m;
    throw std::runtime_error("no " + id);
}

Results replace(Results r, const std::string& id, Measurement m) {
    for (auto& [rid, rm] : r)
        if (rid == id) rm = std::move(m);
    return r;
}

TEST(CompareReports, IdenticalReportsAreTheSame) {
    const auto c = compare(report(usual()), report(usual()));
    ASSERT_EQ(c.devices.size(), 1u);
    for (const auto& m : c.devices[0].metrics) {
        EXPECT_EQ(m.verdict, AbVerdict::Same) << m.id << ": " << m.note;
        EXPECT_DOUBLE_EQ(m.change, 0.0) << m.id;
        EXPECT_GT(m.p_worse, 0.4) << m.id;
    }
    EXPECT_EQ(comparison_exit_code(c), 0);
}

// The planted regressions: 10% more time per launch, and a doubled launch latency.
TEST(CompareReports, PlantedRegressionInBIsSlower) {
    Results b = replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.02), 1.10)));
    auto c = compare(report(usual()), report(b));
    const auto& fma = metric(c, "fp32.fma");
    EXPECT_EQ(fma.verdict, AbVerdict::Slower) << fma.note;
    EXPECT_NEAR(fma.change, 1 / 1.1 - 1, 1e-3); // a rate: lower in B
    EXPECT_LT(fma.p_worse, 1e-6);
    EXPECT_EQ(metric(c, "mem.coalesced.read").verdict, AbVerdict::Same);
    EXPECT_EQ(comparison_exit_code(c), 3);

    b = replace(usual(), "launch.latency", latency(scaled(around(10e-6, 0.04), 2.0)));
    c = compare(report(usual()), report(b));
    const auto& lat = metric(c, "launch.latency");
    EXPECT_EQ(lat.verdict, AbVerdict::Slower) << lat.note;
    EXPECT_NEAR(lat.change, 1.0, 1e-9); // a latency: higher in B
    EXPECT_EQ(comparison_exit_code(c), 3);
}

// The direction depends on the unit: a faster B passes, for rates and for latencies.
TEST(CompareReports, BetterInBIsFasterAndPasses) {
    Results b = replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.02), 0.8)));
    b = replace(b, "launch.latency", latency(scaled(around(10e-6, 0.04), 0.5)));
    const auto c = compare(report(usual()), report(b));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Faster);
    EXPECT_NEAR(metric(c, "fp32.fma").change, 0.25, 1e-3);
    EXPECT_EQ(metric(c, "launch.latency").verdict, AbVerdict::Faster);
    EXPECT_EQ(comparison_exit_code(c), 0);
    // ... and the same pair the other way round is a regression.
    EXPECT_EQ(comparison_exit_code(compare(report(b), report(usual()))), 3);
}

// Calibrated launches differ between runs: B did twice the work in twice the time.
TEST(CompareReports, RatesNotTimesAreCompared) {
    const Results b = replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.02), 2.0), 2e12));
    const auto c = compare(report(usual()), report(b));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Same) << metric(c, "fp32.fma").note;
    EXPECT_NEAR(metric(c, "fp32.fma").change, 0.0, 1e-9);
    EXPECT_GT(metric(c, "fp32.fma").p_worse, 0.4); // the samples agree, not only the medians
}

// 1% slower with tight samples: significant, but within the default minimum effect of 2%.
TEST(CompareReports, MinimumEffectIsSettable) {
    const Results a = replace(usual(), "fp32.fma", timed(around(1e-3, 0.002)));
    const Results b = replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.002), 1.01)));
    auto c = compare(report(a), report(b));
    const auto& m = metric(c, "fp32.fma");
    EXPECT_EQ(m.verdict, AbVerdict::Same) << m.note;
    EXPECT_LT(m.p_worse, 0.05);
    EXPECT_NE(m.note.find("within the minimum effect"), std::string::npos) << m.note;
    CompareSettings strict;
    strict.min_effect = 0.005;
    c = compare(report(a), report(b), strict);
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Slower);
}

// A 5% slower median inside a +-25% spread is noise, not a regression.
TEST(CompareReports, OverlappingSamplesAreNotSignificant) {
    const Results a = replace(usual(), "fp32.fma", timed(around(1e-3, 0.5)));
    const Results b = replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.5), 1.05)));
    const auto c = compare(report(a), report(b));
    const auto& m = metric(c, "fp32.fma");
    EXPECT_EQ(m.verdict, AbVerdict::Same) << m.note;
    EXPECT_GT(m.p_worse, 0.05);
    EXPECT_NE(m.note.find("not significant"), std::string::npos) << m.note;
    EXPECT_EQ(comparison_exit_code(c), 0);
}

TEST(CompareReports, TooFewSamplesGiveNoVerdict) {
    const Results a = {{"fp32.fma", timed(around(1e-3, 0.02, 3))}};
    const Results b = {{"fp32.fma", timed(scaled(around(1e-3, 0.02, 3), 2.0))}};
    const auto c = compare(report(a), report(b));
    const auto& m = metric(c, "fp32.fma");
    EXPECT_EQ(m.verdict, AbVerdict::NoVerdict) << m.note;
    EXPECT_NE(m.note.find("cannot be significant"), std::string::npos) << m.note;
    EXPECT_NEAR(m.change, -0.5, 1e-9); // the medians are still there
    EXPECT_EQ(comparison_exit_code(c), 0);
    // 4 and 4 can: every B launch slower than every A launch gives p = 1/70.
    const Results a4 = {{"fp32.fma", timed(around(1e-3, 0.02, 4))}};
    const Results b4 = {{"fp32.fma", timed(scaled(around(1e-3, 0.02, 4), 2.0))}};
    EXPECT_EQ(metric(compare(report(a4), report(b4)), "fp32.fma").verdict, AbVerdict::Slower);
}

TEST(CompareReports, NoSamplesGiveMediansOnly) {
    auto b = report(replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.02), 2.0))));
    b["devices"][0]["metrics"][0].erase("samples_s");
    const auto c = compare(report(usual()), b);
    const auto& m = metric(c, "fp32.fma");
    EXPECT_EQ(m.verdict, AbVerdict::NoVerdict);
    EXPECT_EQ(m.note, "no samples in B (samples_s): medians only, no verdict");
    EXPECT_NEAR(m.change, -0.5, 1e-9);
}

TEST(CompareReports, FailuresAndCapabilitiesSideBySide) {
    const Results wrong =
        replace(usual(), "fp32.fma", with_status(Status::VerifyFailed, "3 of 100 wrong"));
    auto c = compare(report(usual()), report(wrong));
    const auto& m = metric(c, "fp32.fma");
    EXPECT_EQ(m.verdict, AbVerdict::FailedInB);
    EXPECT_TRUE(m.a->verified);
    EXPECT_FALSE(m.b->verified);
    EXPECT_EQ(comparison_exit_code(c), 1);
    EXPECT_NE(metric(compare(report(wrong), report(wrong)), "fp32.fma").note.find("in A too"),
              std::string::npos);
    c = compare(report(wrong), report(usual()));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::FailedInA);
    EXPECT_EQ(comparison_exit_code(c), 0);

    const Results gone =
        replace(usual(), "fp32.fma", with_status(Status::Unsupported, "no fp32 today"));
    c = compare(report(usual()), report(gone));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Lost);
    EXPECT_EQ(comparison_exit_code(c), 3);
    c = compare(report(gone), report(usual()));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Gained);
    EXPECT_EQ(comparison_exit_code(c), 0);
    c = compare(report(gone), report(gone));
    EXPECT_EQ(metric(c, "fp32.fma").verdict, AbVerdict::Unsupported);
}

TEST(CompareReports, MetricsInOneReportOnly) {
    Results b = usual();
    b.pop_back();
    const auto c = compare(report(usual()), report(b));
    EXPECT_EQ(metric(c, "launch.latency").verdict, AbVerdict::OnlyInA);
    EXPECT_EQ(comparison_exit_code(c), 0);
    EXPECT_EQ(metric(compare(report(b), report(usual())), "launch.latency").verdict,
              AbVerdict::OnlyInB);
}

std::string error_of(const nlohmann::json& a, const nlohmann::json& b) {
    try {
        compare(a, b);
    } catch (const ReportFileError& e) {
        return e.what();
    }
    return "(no error)";
}

// Each bad edit of B must give an error naming b.json and the field.
TEST(CompareReports, MalformedReportNamesFileAndField) {
    struct Edit {
        const char* pointer;
        nlohmann::json value; // null: erase the field
        const char* expect;
    };
    const std::vector<Edit> edits = {
        {"/schema", "clgauge.baseline", "b.json: schema: must be \"clgauge.report\""},
        {"/schema_version", 2, "b.json: schema_version: is 2"},
        {"/devices", "none", "b.json: devices: must be an array"},
        {"/devices/0/device/name", nullptr, "b.json: devices[0].device.name: missing field"},
        {"/devices/0/mode", nullptr, "b.json: devices[0].mode: missing field"},
        {"/devices/0/metrics/0/unit", "furlongs", "b.json: devices[0].metrics[0].unit: unknown"},
        {"/devices/0/metrics/1/status", "fine", "b.json: devices[0].metrics[1].status: unknown"},
        {"/devices/0/metrics/0/rate", nullptr, "b.json: devices[0].metrics[0].rate: missing"},
        {"/devices/0/metrics/0/samples_s/3", -1.0,
         "b.json: devices[0].metrics[0].samples_s[3]: must be a positive number"},
        {"/devices/0/metrics/0/samples_s", "fast", "b.json: devices[0].metrics[0].samples_s: must"},
        {"/devices/0/metrics/0/median_s", 5e-3,
         "b.json: devices[0].metrics[0].samples_s: has median"},
        {"/devices/0/metrics/2/rate", 1.0, "b.json: devices[0].metrics[2].rate: is 1.0 but"},
        {"/devices/0/metrics/0/verification", nullptr,
         "b.json: devices[0].metrics[0].verification: missing"},
        {"/devices/0/metrics/1/id", "fp32.fma",
         "b.json: devices[0].metrics[1].id: \"fp32.fma\" "
         "appears twice"},
    };
    for (const auto& e : edits) {
        auto b = report(usual());
        const nlohmann::json::json_pointer p(e.pointer);
        if (e.value.is_null())
            b.at(p.parent_pointer()).erase(p.back());
        else
            b[p] = e.value;
        const std::string got = error_of(report(usual()), b);
        EXPECT_NE(got.find(e.expect), std::string::npos) << e.pointer << ": got " << got;
    }
}

TEST(CompareReports, MismatchedReportsAreErrors) {
    EXPECT_NE(error_of(report(usual()), report(usual(), "Other GPU"))
                  .find("b.json: devices: no device of the same name as in a.json (A has \"Test "
                        "GPU\"; B has \"Other GPU\")"),
              std::string::npos);
    EXPECT_NE(error_of(report(usual()), report(usual(), "Test GPU", "conformance"))
                  .find("b.json: devices[0].mode: is \"conformance\" but a.json devices[0].mode "
                        "is \"perf\""),
              std::string::npos);
    auto b = report(usual());
    b["devices"][0]["metrics"][0]["unit"] = "OP/s";
    EXPECT_NE(error_of(report(usual()), b)
                  .find("b.json: devices[0].metrics[0].unit: fp32.fma is "
                        "in OP/s but in FLOP/s in a.json"),
              std::string::npos);
    const Results only_fma = {usual()[0]}, only_latency = {usual()[2]};
    EXPECT_NE(error_of(report(only_fma), report(only_latency))
                  .find("b.json: metrics: no benchmark id in common with a.json"),
              std::string::npos);
}

// Two devices of one name are matched in order; a device in one report only is a note.
TEST(CompareReports, DevicesMatchedByNameAndOrder) {
    auto a = report(usual());
    a["devices"].push_back(a["devices"][0]);
    a["devices"].push_back(report(usual(), "Third")["devices"][0]);
    auto b = report(usual());
    b["devices"].push_back(
        report(replace(usual(), "fp32.fma", timed(scaled(around(1e-3, 0.02), 1.5))))["devices"][0]);
    static ReportFile fa, fb;
    fa = report_from_json(a, "a.json");
    fb = report_from_json(b, "b.json");
    const auto c = compare_reports(fa, fb, {});
    ASSERT_EQ(c.devices.size(), 2u);
    EXPECT_EQ(c.devices[0].metrics[0].verdict, AbVerdict::Same);
    EXPECT_EQ(c.devices[1].metrics[0].verdict, AbVerdict::Slower);
    ASSERT_EQ(c.notes.size(), 1u);
    EXPECT_NE(c.notes[0].find("\"Third\" (a.json devices[2]) is not in b.json"), std::string::npos);
}

TEST(CompareReports, CommandLine) {
    const auto o =
        parse_cli({"--compare", "a.json", "b.json", "--alpha", "0.01", "--min-effect", "5"});
    EXPECT_EQ(o.command, Command::Compare);
    EXPECT_EQ(o.compare.a, "a.json");
    EXPECT_EQ(o.compare.b, "b.json");
    EXPECT_DOUBLE_EQ(*o.compare.alpha, 0.01);
    EXPECT_DOUBLE_EQ(*o.compare.min_effect, 0.05);
    const auto same = parse_cli({"compare", "a.json", "b.json", "--alpha", "0.01"});
    EXPECT_EQ(same.compare.b, "b.json");
    EXPECT_DOUBLE_EQ(*same.compare.alpha, 0.01);
    for (const std::vector<std::string>& bad :
         std::vector<std::vector<std::string>>{{"--compare", "a.json"},
                                               {"--compare", "a", "b", "--alpha", "0.7"},
                                               {"--compare", "a", "b", "--min-effect", "two"},
                                               {"--alpha", "0.01"},
                                               {"--compare", "a", "b", "--compare", "c", "d"},
                                               {"--compare", "a", "b", "--only", "fp32.*"},
                                               {"--compare", "a", "b", "--check"},
                                               {"compare", "a"},
                                               {"compare", "a", "b", "c"}})
        EXPECT_THROW(parse_cli(bad), UsageError) << bad.back();
}

} // namespace
} // namespace clgauge::analysis
