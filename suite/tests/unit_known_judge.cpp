// label unit: one known-failure judge. The table, --check (and the perf cases) and the
// conformance cases come to the same outcome for the same attempts against the same list:
// each goes through judge() and known_outcome (baseline/known_judge.hpp).
#include "baseline/known_judge.hpp"

#include "baseline/check.hpp"

#include <gtest/gtest.h>
#include <optional>

namespace clgauge {
namespace {

struct Scenario {
    const char* name;
    std::optional<Expected> listed; // the list's entry for the benchmark, if any
    std::vector<Status> attempts;   // what each run gives, the first one first
    bool allow_fixed;
    Outcome expected;
};

const Scenario kScenarios[] = {
    {"unlisted pass", std::nullopt, {Status::Ok}, false, Outcome::Ok},
    {"unlisted wrong result", std::nullopt, {Status::VerifyFailed}, false, Outcome::Failed},
    {"listed wrong result", Expected::WrongResult, {Status::VerifyFailed}, false, Outcome::Ok},
    {"listed, now passes", Expected::WrongResult, {Status::Ok}, false, Outcome::Fixed},
    {"listed, now passes, allowed", Expected::WrongResult, {Status::Ok}, true, Outcome::Ok},
    {"flake", Expected::Flake, {Status::VerifyFailed, Status::Ok}, false, Outcome::Ok},
    {"flake failing every run",
     Expected::Flake,
     {Status::VerifyFailed, Status::VerifyFailed, Status::VerifyFailed},
     false,
     Outcome::Failed},
    {"unlisted hang", std::nullopt, {Status::Timeout}, false, Outcome::Hung},
    {"listed hang", Expected::Hang, {Status::Timeout}, false, Outcome::Ok},
};

std::vector<KnownFailure> list_for(const Scenario& s) {
    if (!s.listed) return {};
    KnownFailure k;
    k.id = "fp32.fma";
    k.path = "*";
    k.expect = *s.listed;
    k.where = "test.json: entries[0]";
    return {k};
}

// The attempts of a scenario, one per call.
struct Attempts {
    const Scenario& s;
    size_t next = 0;
    Status take() { return s.attempts.at(std::min(next++, s.attempts.size() - 1)); }
};

Outcome as_table(const Scenario& s) {
    static Benchmark b;
    b.id = "fp32.fma";
    Attempts a{s};
    DeviceReport r;
    Measurement first;
    first.status = a.take();
    first.path = "native";
    r.results.push_back({&b, first});
    const TableJudgement j = judge_table(
        r, list_for(s), s.allow_fixed, [](const Benchmark&) { return std::string("native"); },
        [&](const Benchmark&) {
            Measurement m;
            m.status = a.take();
            m.path = "native";
            return m;
        });
    // A re-run flake's result replaces the first.
    EXPECT_EQ(r.results[0].measurement.status,
              s.attempts.at(std::min(a.next, s.attempts.size()) - 1))
        << s.name;
    return j.outcome;
}

Outcome as_check(const Scenario& s) {
    Attempts a{s};
    MetricCheck c;
    const auto list = list_for(s);
    const KnownOutcome k = judge(list, "fp32.fma", "native", [&] {
        c = MetricCheck{};
        c.status = a.take();
        c.verdict = c.status == Status::Ok ? Verdict::Ok : Verdict::Failed;
        return Attempt{c.status, ""};
    });
    apply_known(c, k, s.allow_fixed);
    return check_outcome(c);
}

Outcome as_conformance_case(const Scenario& s) {
    Attempts a{s};
    const auto list = list_for(s);
    return known_outcome(judge(list, "fp32.fma", "native",
                               [&] {
                                   return Attempt{a.take(), ""};
                               }),
                         s.allow_fixed);
}

TEST(KnownJudge, TableCheckAndConformanceCasesAgree) {
    for (const Scenario& s : kScenarios) {
        EXPECT_EQ(int(as_table(s)), int(s.expected)) << "table: " << s.name;
        EXPECT_EQ(int(as_check(s)), int(s.expected)) << "--check: " << s.name;
        EXPECT_EQ(int(as_conformance_case(s)), int(s.expected)) << "conformance: " << s.name;
    }
}

TEST(KnownJudge, TheTableSaysWhyInItsVerdictLines) {
    const Scenario& listed = kScenarios[2];
    static Benchmark b;
    b.id = "fp32.fma";
    DeviceReport r;
    Measurement m;
    m.status = Status::VerifyFailed;
    m.path = "native";
    r.results.push_back({&b, m});
    const TableJudgement j = judge_table(
        r, list_for(listed), false, [](const Benchmark&) { return std::string(); },
        [](const Benchmark&) { return Measurement{}; });
    EXPECT_NE(j.verdict_lines.find("fp32.fma [native]: expected failure"), std::string::npos)
        << j.verdict_lines;
}

// A listed failure that now passes says FIXED once, in its verdict or, where allowed, in its
// note.
TEST(KnownJudge, AFixedOneSaysFixedOnce) {
    for (const bool allowed : {false, true}) {
        const Scenario& fixed = kScenarios[allowed ? 4 : 3];
        MetricCheck c;
        c.id = "fp32.fma";
        const KnownOutcome k = judge(list_for(fixed), "fp32.fma", "native", [&] {
            return Attempt{Status::Ok, ""};
        });
        apply_known(c, k, allowed);
        const std::string line = check_line(c);
        const size_t first = line.find("FIXED:");
        ASSERT_NE(first, std::string::npos) << line;
        EXPECT_EQ(line.find("FIXED:", first + 1), std::string::npos) << line;
    }
}

TEST(Outcome, TheWorstDecides) {
    EXPECT_EQ(worse(Outcome::Fixed, Outcome::Failed), Outcome::Failed);
    EXPECT_EQ(worse(Outcome::Hung, Outcome::Failed), Outcome::Hung);
    EXPECT_EQ(worse(Outcome::Regression, Outcome::Fixed), Outcome::Regression);
    EXPECT_EQ(worse(Outcome::Usage, Outcome::Ok), Outcome::Usage);
    EXPECT_EQ(worse(Outcome::Usage, Outcome::Fixed), Outcome::Fixed);
}

} // namespace
} // namespace clgauge
