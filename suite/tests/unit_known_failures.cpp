// label unit: known-failure and flake lists (baseline/known_failures.hpp): parsing and its
// errors, which device and environment a list applies to, and the verdicts: an unlisted
// failure fails, a listed one passes, a listed one that passes is FIXED, a flake is re-run.
#include "baseline/known_failures.hpp"
#include "baseline/known_judge.hpp"
#include "baseline/match.hpp"

#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace clgauge {
namespace {

nlohmann::json good_list() {
    return {{"schema", "clgauge.known_failures"},
            {"schema_version", 1},
            {"match", {{"platform", "Portable*"}, {"device", "cpu-*"}, {"driver", "5.0*"}}},
            {"entries",
             {{{"id", "subgroup.broadcast,subgroup.shuffle"},
               {"path", "intel"},
               {"expect", "crash"},
               {"reason_contains", "local size 1 ("},
               {"reason", "aborts in 1-item work-groups"},
               {"reproducer", "clgauge --conformance --only subgroup.broadcast --path intel"}},
              {{"id", "mma.f8"},
               {"path", "emulated"},
               {"expect", "wrong-result"},
               {"reason", "r"},
               {"link", "https://example.org/issue"}},
              {{"id", "fp32.fma"},
               {"path", "*"},
               {"expect", "flake"},
               {"runs", 3},
               {"reason", "r"},
               {"link", "l"}}}}};
}

std::vector<KnownFailure> entries() {
    return parse_known_failures(good_list().dump(), "pocl.json").entries;
}

// A scripted device: each call to the attempt returns the next outcome.
struct Script {
    std::deque<Attempt> outcomes;
    unsigned calls = 0;
    std::function<Attempt()> once() {
        return [this] {
            ++calls;
            Attempt a = outcomes.front();
            if (outcomes.size() > 1) outcomes.pop_front();
            return a;
        };
    }
};

const Attempt kPass{Status::Ok, ""};
const Attempt kCrash{Status::Crashed,
                     "the process died of SIGABRT during intel, local size 1 (what ...)"};
const Attempt kWrong{Status::VerifyFailed, "435 of 512 values differ"};

KnownOutcome run(const std::string& id, const std::string& path, std::deque<Attempt> outcomes,
                 unsigned* calls = nullptr) {
    static std::vector<KnownFailure> list = entries();
    Script s{std::move(outcomes)};
    KnownOutcome o = judge(list, id, path, s.once());
    if (calls) *calls = s.calls;
    return o;
}

TEST(KnownFailures, UnlistedFailureFails) {
    const KnownOutcome o = run("fp64.fma", "native", {kWrong});
    EXPECT_EQ(o.verdict, KnownVerdict::Unexpected);
    EXPECT_TRUE(o.fails(true));
    EXPECT_NE(o.note.find("not on the known-failure list"), std::string::npos) << o.note;
    EXPECT_EQ(run("fp64.fma", "native", {kPass}).verdict, KnownVerdict::Pass);
    EXPECT_EQ(run("subgroup.broadcast", "khr", {kCrash}).verdict, KnownVerdict::Unexpected)
        << "the entry is for the intel path only";
}

TEST(KnownFailures, ListedFailurePassesAsExpected) {
    const KnownOutcome o = run("subgroup.shuffle", "intel", {kCrash});
    EXPECT_EQ(o.verdict, KnownVerdict::ExpectedFailure);
    EXPECT_FALSE(o.fails(false));
    EXPECT_NE(o.note.find("pocl.json: entries[0]"), std::string::npos) << o.note;
    EXPECT_EQ(run("mma.f8", "emulated", {kWrong}).verdict, KnownVerdict::ExpectedFailure);
}

TEST(KnownFailures, ListedFailureOfAnotherKindFails) {
    EXPECT_EQ(run("subgroup.broadcast", "intel", {kWrong}).verdict, KnownVerdict::Unexpected)
        << "listed as a crash, got a wrong result";
    const KnownOutcome o = run("subgroup.broadcast", "intel",
                               {{Status::Crashed, "SIGSEGV during intel, local size 16 (x)"}});
    EXPECT_EQ(o.verdict, KnownVerdict::Unexpected) << "a crash in another geometry";
    EXPECT_NE(o.note.find("reason containing"), std::string::npos) << o.note;
}

TEST(KnownFailures, ListedFailureThatPassesIsFixed) {
    const KnownOutcome o = run("subgroup.broadcast", "intel", {kPass});
    EXPECT_EQ(o.verdict, KnownVerdict::Fixed);
    EXPECT_TRUE(o.fails(false)) << "the list must stay honest";
    EXPECT_FALSE(o.fails(true)) << "unless fixed ones are allowed";
    EXPECT_NE(o.note.find("remove the entry"), std::string::npos) << o.note;
    EXPECT_EQ(kKnownFixedExit, 5);
}

TEST(KnownFailures, FlakeIsReRunAndPassesIfAnyRunPasses) {
    unsigned calls = 0;
    KnownOutcome o = run("fp32.fma", "native", {kWrong, kWrong, kPass}, &calls);
    EXPECT_EQ(o.verdict, KnownVerdict::Flaky);
    EXPECT_FALSE(o.fails(false));
    EXPECT_EQ(calls, 3u);
    EXPECT_EQ(o.runs, 3u);
    EXPECT_NE(o.note.find("passed on run 3 of 3"), std::string::npos) << o.note;
    o = run("fp32.fma", "native", {kWrong}, &calls);
    EXPECT_EQ(o.verdict, KnownVerdict::Unexpected) << "failed every run";
    EXPECT_EQ(calls, 3u);
    EXPECT_NE(o.note.find("failed all 3 runs"), std::string::npos) << o.note;
    o = run("fp32.fma", "native", {kPass}, &calls);
    EXPECT_EQ(o.verdict, KnownVerdict::Pass) << "a flake that passes is no news";
    EXPECT_EQ(calls, 1u);
    o = run("fp32.fma", "native", {kCrash, kPass}, &calls);
    EXPECT_EQ(o.verdict, KnownVerdict::Unexpected) << "a crash is not re-run in-process";
    EXPECT_EQ(calls, 1u);
}

TEST(KnownFailures, UnsupportedIsASkip) {
    const KnownOutcome o = run("subgroup.broadcast", "intel", {{Status::Unsupported, "no"}});
    EXPECT_EQ(o.verdict, KnownVerdict::Skipped);
    EXPECT_FALSE(o.fails(false));
}

TEST(KnownFailures, DeviceDriverAndEnvironmentPatterns) {
    const KnownFailureList l = parse_known_failures(good_list().dump(), "pocl.json");
    DeviceFacts f;
    f.platform = "Portable Computing Language";
    f.name = "cpu-skylake-avx512-Intel(R) Xeon(R) Platinum 8480+";
    f.driver = "5.0+debian";
    EXPECT_TRUE(list_applies(l, f));
    f.driver = "3.1+debian";
    EXPECT_FALSE(list_applies(l, f)) << "PoCL 3.1 is another driver";
    f.driver = "5.0";
    f.name = "pthread-skylake-avx512-AMD EPYC";
    EXPECT_FALSE(list_applies(l, f)) << "another device";

    KnownFailure e;
    e.env = {{"CLGAUGE_TEST_KNOWN_ENV", ""}};
    ::unsetenv("CLGAUGE_TEST_KNOWN_ENV");
    EXPECT_TRUE(entry_applies(e)) << "\"\" means unset";
    ::setenv("CLGAUGE_TEST_KNOWN_ENV", "loopvec", 1);
    EXPECT_FALSE(entry_applies(e));
    e.env = {{"CLGAUGE_TEST_KNOWN_ENV", "loop*"}};
    EXPECT_TRUE(entry_applies(e));
    ::unsetenv("CLGAUGE_TEST_KNOWN_ENV");
    EXPECT_FALSE(entry_applies(e));
}

struct BadEdit {
    const char* what;
    std::function<void(nlohmann::json&)> edit;
    const char* field;
};

TEST(KnownFailures, MalformedListsNameTheFileAndField) {
    auto e0 = [](nlohmann::json& j) -> nlohmann::json& { return j["entries"][0]; };
    const std::vector<BadEdit> edits = {
        {"not JSON", nullptr, "not valid JSON"},
        {"wrong schema", [](auto& j) { j["schema"] = "clgauge.baseline"; }, "schema"},
        {"newer version", [](auto& j) { j["schema_version"] = 2; }, "schema_version"},
        {"no match", [](auto& j) { j.erase("match"); }, "match: missing field"},
        {"no driver pattern", [](auto& j) { j["match"].erase("driver"); }, "match.driver"},
        {"unknown match field", [](auto& j) { j["match"]["vendor"] = "x"; }, "match.vendor"},
        {"entries not an array", [](auto& j) { j["entries"] = 1; }, "entries"},
        {"no id", [&](auto& j) { e0(j).erase("id"); }, "entries[0].id: missing"},
        {"empty path", [&](auto& j) { e0(j)["path"] = ""; }, "entries[0].path"},
        {"id of no benchmark", [&](auto& j) { e0(j)["id"] = "subgroup.broadcst"; },
         "entries[0].id: \"subgroup.broadcst\" matches no benchmark id"},
        {"one alternative of no benchmark",
         [&](auto& j) { e0(j)["id"] = "subgroup.broadcast,subgroup.shufle"; },
         "entries[0].id: \"subgroup.shufle\""},
        {"path of none of its benchmarks", [&](auto& j) { e0(j)["path"] = "intl"; },
         "entries[0].path: \"intl\" matches no path"},
        {"unknown outcome", [&](auto& j) { e0(j)["expect"] = "slow"; },
         "entries[0].expect: is \"slow\""},
        {"no reason", [&](auto& j) { e0(j).erase("reason"); }, "entries[0].reason"},
        {"no link or reproducer", [&](auto& j) { e0(j).erase("reproducer"); }, "entries[0].link"},
        {"misspelt field", [&](auto& j) { e0(j)["reason_contain"] = "x"; },
         "entries[0].reason_contain: unknown field"},
        {"runs on a crash", [&](auto& j) { e0(j)["runs"] = 3; }, "entries[0].runs"},
        {"one run of a flake", [](auto& j) { j["entries"][2]["runs"] = 1; }, "entries[2].runs"},
        {"env not an object", [&](auto& j) { e0(j)["env"] = "X=1"; }, "entries[0].env"},
        {"env value not a string",
         [&](auto& j) {
             e0(j)["env"] = {{"X", 1}};
         },
         "entries[0].env.X"},
        {"entry not an object", [](auto& j) { j["entries"][1] = "mma.f8"; },
         "entries[1]: must be a JSON object"},
    };
    for (const auto& e : edits) {
        nlohmann::json j = good_list();
        const std::string text = e.edit ? (e.edit(j), j.dump()) : "{\"schema\": ";
        try {
            parse_known_failures(text, "lists/pocl.json");
            ADD_FAILURE() << e.what << ": accepted";
        } catch (const KnownFailuresError& err) {
            const std::string msg = err.what();
            EXPECT_EQ(msg.rfind("lists/pocl.json: ", 0), 0u) << e.what << ": " << msg;
            EXPECT_NE(msg.find(e.field), std::string::npos)
                << e.what << ": expected \"" << e.field << "\" in: " << msg;
        }
    }
}

// The PoCL 5.0 device good_list() matches, and a fresh folder for lists beside baselines.
DeviceFacts pocl5_facts() {
    DeviceFacts pocl;
    pocl.platform = "Portable Computing Language";
    pocl.name = "cpu-skylake-avx512-Intel(R) Xeon(R)";
    pocl.driver = "5.0+debian";
    return pocl;
}
std::filesystem::path fresh_lists_dir(const std::string& name) {
    const auto dir =
        std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    return dir;
}

TEST(KnownFailures, ListsAreFoundBesideTheBaselinesAndAllValidated) {
    namespace fs = std::filesystem;
    const fs::path dir = fresh_lists_dir("clgauge-known");
    const DeviceFacts pocl = pocl5_facts();
    EXPECT_TRUE(known_failures_for(dir.string(), pocl).empty()) << "no folder, no list";
    fs::create_directories(dir / "known-failures");
    std::ofstream(dir / "known-failures" / "pocl.json") << good_list().dump();
    EXPECT_EQ(known_failures_for(dir.string(), pocl).size(), 3u);
    DeviceFacts other = pocl;
    other.driver = "3.1";
    EXPECT_TRUE(known_failures_for(dir.string(), other).empty());
    std::ofstream(dir / "known-failures" / "typo.json") << "{}";
    EXPECT_THROW(known_failures_for(dir.string(), other), KnownFailuresError)
        << "a malformed list is an error even where it would not apply";
    fs::remove_all(dir);
}

// A list whose patterns match nothing is not silently inert: the note a failing run prints
// says that no list applies, naming each list's patterns beside the device's facts; where a
// list applies, or there is none, there is no note.
TEST(KnownFailures, ANoteSaysWhenNoListApplies) {
    namespace fs = std::filesystem;
    const fs::path dir = fresh_lists_dir("clgauge-known-note");
    const DeviceFacts pocl = pocl5_facts();
    EXPECT_EQ(known_lists_note(dir.string(), pocl), "") << "no folder, no note";
    fs::create_directories(dir / "known-failures");
    std::ofstream(dir / "known-failures" / "pocl.json") << good_list().dump();
    EXPECT_EQ(known_lists_note(dir.string(), pocl), "") << "the list applies";
    DeviceFacts other = pocl;
    other.driver = "3.1";
    const std::string note = known_lists_note(dir.string(), other);
    EXPECT_NE(note.find("No known-failure list applies"), std::string::npos) << note;
    EXPECT_NE(note.find("pocl.json (platform"), std::string::npos) << note;
    EXPECT_NE(note.find("driver '3.1'"), std::string::npos) << note;
    // Said after a failure or a hang only: a green run has nothing a list could have named.
    EXPECT_EQ(known_lists_line(Outcome::Failed, dir.string(), other), note + "\n");
    EXPECT_EQ(known_lists_line(Outcome::Hung, dir.string(), other), note + "\n");
    EXPECT_EQ(known_lists_line(Outcome::Ok, dir.string(), other), "");
    EXPECT_EQ(known_lists_line(Outcome::Regression, dir.string(), other), "");
    EXPECT_EQ(known_lists_line(Outcome::Failed, dir.string(), pocl), "") << "the list applies";
    fs::remove_all(dir);
}

TEST(KnownFailures, CommittedListsParse) {
    // Every list in the source tree's baselines/known-failures, and the PoCL 5.0 one's entries.
    DeviceFacts pocl5;
    pocl5.platform = "Portable Computing Language";
    pocl5.name = "cpu-skylake-avx512-Intel(R) Xeon(R) Platinum 8480+";
    pocl5.driver = "5.0+debian";
    const char* was = std::getenv("POCL_WORK_GROUP_METHOD");
    const std::string saved = was ? was : "";
    ::unsetenv("POCL_WORK_GROUP_METHOD");
    const auto list = known_failures_for(baselines_dir(), pocl5);
    const KnownFailure* crash = find_known(list, "subgroup.reduce_add", "intel");
    ASSERT_NE(crash, nullptr);
    EXPECT_EQ(crash->expect, Expected::Crash);
    EXPECT_NE(find_known(list, "subgroup.shuffle_xor", "khr"), nullptr);
    EXPECT_EQ(find_known(list, "subgroup.block_read", "khr"), nullptr) << "block I/O passes";
    EXPECT_EQ(find_known(list, "subgroup.broadcast", "emulated"), nullptr);
    ::setenv("POCL_WORK_GROUP_METHOD", "loopvec", 1);
    const auto loopvec = known_failures_for(baselines_dir(), pocl5);
    if (was)
        ::setenv("POCL_WORK_GROUP_METHOD", saved.c_str(), 1);
    else
        ::unsetenv("POCL_WORK_GROUP_METHOD");
    const KnownFailure* wrong = find_known(loopvec, "subgroup.broadcast", "intel");
    ASSERT_NE(wrong, nullptr);
    EXPECT_EQ(wrong->expect, Expected::WrongResult);
    EXPECT_EQ(find_known(loopvec, "subgroup.broadcast", "khr"), nullptr) << "khr passes";
}

} // namespace
} // namespace clgauge
