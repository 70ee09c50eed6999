// label selftest: the perf verdict itself, end to end on the test device through the real
// programs. A fresh baseline passes; the test-only slowdown switch (CLGAUGE_TEST_SLOWDOWN: the
// chain kernels run N times the repeats they count) fails as a regression, in clgauge --check
// and in the perf CTest cases; a baseline edited to claim 10x fails, one claiming 0.1x passes
// as stale; a capability that disappears fails; bad files are clear errors.
#include "baseline/match.hpp"
#include "core/install_layout.hpp"
#include "device_fixture.hpp"
#include "test_dir.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>

namespace clgauge::test {
namespace {

namespace fs = std::filesystem;

// Chain benchmarks honour the slowdown switch; both run on every device. The slowed runs use
// one of them: a slowed launch on a CPU takes up to a second.
const char* kOnly = "fp32.fma,int32.mad";
const char* kSlowed = "fp32.fma";
// Large enough to stand out of any recorded tolerance (capped at 50%) on a loaded machine.
const char* kSlowdown = "8";

struct Output {
    int rc = -1;
    std::string out;
};

// The programs this test drives: beside the install prefix when this test program is
// installed (core/install_layout.hpp), else where the build put them. An installed suite
// takes ctest from PATH, and the perf cases' registration from the installed CTest file.
const std::optional<fs::path> kPrefix = install_prefix();
const std::string kClgauge =
    installed_or_built(kPrefix, std::string(kInstalledBinDir) + "/clgauge", CLGAUGE_BINARY);
const std::string kPerfTests = installed_or_built(
    kPrefix, std::string(kInstalledLibDir) + "/clgauge_perf_tests", CLGAUGE_PERF_TESTS_BINARY);
const std::string kCtest = kPrefix ? "ctest" : CLGAUGE_CTEST;
const std::string kPerfCtestFile =
    installed_or_built(kPrefix, std::string(kInstalledShareDir) + "/tests/CTestTestfile.cmake",
                       CLGAUGE_PERF_CTEST_FILE);

Output run(const std::string& env, const std::string& program, const std::string& args) {
    const std::string cmd = env + " '" + program + "' " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    Output r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        r.out.append(buf, n);
    const int status = pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// The baseline file's path, worked out in a short-lived child process: this test's own
// process must never open the device, because the programs it starts need it, and some
// machines (seen on a lent H200 VM) let only one process at a time see the GPU.
std::string baseline_path_in_child(const std::string& dir) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string path;
        try {
            path = baseline_path(dir, device_facts_without_context());
        } catch (const std::exception& e) {
            path = std::string("error: ") + e.what();
        }
        const ssize_t written = ::write(fds[1], path.data(), path.size());
        ::_exit(written == ssize_t(path.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string path;
    char buf[512];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        path.append(buf, size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (path.empty() || path.rfind("error: ", 0) == 0)
        throw std::runtime_error("cannot work out the baseline path: " + path);
    return path;
}

class BaselineSelftest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = test::fresh_test_dir("selftest");
        file = baseline_path_in_child(dir.string());
    }
    void TearDown() override { fs::remove_all(dir); }

    Output clgauge(const std::string& args, const std::string& env = "") {
        return run("env " + env, kClgauge, args + " --baselines '" + dir.string() + "'");
    }
    void record(const std::string& only = kOnly) {
        const Output r = clgauge("--record --only '" + only + "'");
        ASSERT_EQ(r.rc, 0) << r.out;
        ASSERT_TRUE(fs::exists(file)) << "no " << file << " after:\n" << r.out;
    }
    // Rewrites the recorded file as if the device had been `factor` times as fast.
    void scale_baseline(double factor) {
        nlohmann::json j;
        std::ifstream(file) >> j;
        for (auto& [id, m] : j["metrics"].items()) {
            if (m["status"] != "ok") continue;
            m["value"] = m["value"].get<double>() * factor;
            for (auto& r : m["recordings"]) {
                for (const char* k : {"value", "median", "min", "max"})
                    r[k] = r[k].get<double>() * factor;
                for (auto& s : r["samples"])
                    s = s.get<double>() * factor;
            }
        }
        std::ofstream(file) << j.dump(2);
    }
    // Rewrites every recording's code fingerprint (as a driver whose compiler made other code
    // would have recorded it), or removes the code (a file recorded before fingerprints).
    void doctor_fingerprint(const std::optional<std::string>& fingerprint) {
        nlohmann::json j;
        std::ifstream(file) >> j;
        for (auto& [id, m] : j["metrics"].items())
            for (auto& r : m["recordings"]) {
                ASSERT_TRUE(r.contains("code")) << "recorded without code: " << r.dump();
                if (fingerprint)
                    r["code"]["fingerprint"] = *fingerprint;
                else
                    r.erase("code");
            }
        std::ofstream(file) << j.dump(2);
    }
    fs::path dir;
    std::string file;
};

TEST_F(BaselineSelftest, FreshBaselinePasses) {
    record();
    const Output r = clgauge("--check --only '" + std::string(kOnly) + "'");
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("-> PASS"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("same driver as the baseline"), std::string::npos) << r.out;
}

TEST_F(BaselineSelftest, SlowdownSwitchIsARegression) {
    record(kSlowed);
    const Output r = clgauge("--check --only " + std::string(kSlowed),
                             std::string("CLGAUGE_TEST_SLOWDOWN=") + kSlowdown);
    EXPECT_EQ(r.rc, 3) << r.out;
    EXPECT_NE(r.out.find("fp32.fma"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("REGRESSION"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("-> FAIL"), std::string::npos) << r.out;
}

TEST_F(BaselineSelftest, PerfCasesGateOnTheBaseline) {
    const std::string filter = " --gtest_filter='*fp32_fma*'";
    const std::string env = "env CLGAUGE_BASELINES='" + dir.string() + "'";
    // No baseline: the perf cases skip and say how to record one.
    Output r = run(env, kPerfTests, filter);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("[  SKIPPED ]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("clgauge --record"), std::string::npos) << r.out;
    record(kSlowed);
    r = run(env, kPerfTests, filter);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("[  PASSED  ] 1 test"), std::string::npos) << r.out;
    r = run(env + " CLGAUGE_TEST_SLOWDOWN=" + kSlowdown, kPerfTests, filter);
    EXPECT_NE(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("[  FAILED  ] 1 test"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("REGRESSION"), std::string::npos) << r.out;
}

// The text of the <testcase name="NAME..." ...>...</testcase> element of a JUnit file; CTest
// names a parameterized case "NAME  # GetParam() = ...".
std::string junit_case(const std::string& xml, const std::string& name) {
    size_t at = xml.find("<testcase name=\"" + name + " ");
    if (at == std::string::npos) at = xml.find("<testcase name=\"" + name + "\"");
    if (at == std::string::npos) return {};
    const size_t end = xml.find("</testcase>", at);
    return xml.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// What a CI system reads (docs/ci.md): ctest --output-junit over the perf cases' own CTest
// registration puts each case's verdict line (baseline, measured, change, tolerance) in the
// case's <system-out>, and a regression is a <failure> whose message says whether the code
// changed.
TEST_F(BaselineSelftest, JUnitReportCarriesTheVerdictLine) {
    record(kSlowed);
    const fs::path ctest_dir = dir / "junit";
    fs::create_directories(ctest_dir);
    std::ofstream(ctest_dir / "CTestTestfile.cmake") << "include(\"" << kPerfCtestFile << "\")\n";
    const std::string junit = (ctest_dir / "perf.xml").string();
    const std::string env = "env CLGAUGE_BASELINES='" + dir.string() + "' ";
    const std::string args = "--test-dir '" + ctest_dir.string() +
                             "' -L perf -R '/fp32_fma( |$)' --output-junit '" + junit + "'";
    auto read_junit = [&] {
        std::ifstream in(junit);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string verdict = "fp32.fma: baseline ";

    Output r = run(env, kCtest, args);
    EXPECT_EQ(r.rc, 0) << r.out;
    std::string c = junit_case(read_junit(), "Registry/Perf.MeetsBaseline/fp32_fma");
    ASSERT_FALSE(c.empty()) << "no perf case in " << junit << ":\n" << read_junit();
    EXPECT_NE(c.find("status=\"run\""), std::string::npos) << c;
    for (const char* part : {verdict.c_str(), ", measured ", "(tolerance ", "), ok"})
        EXPECT_NE(c.find(part), std::string::npos) << "'" << part << "' missing:\n" << c;

    r = run(env + "CLGAUGE_TEST_SLOWDOWN=" + kSlowdown, kCtest, args);
    EXPECT_NE(r.rc, 0) << r.out;
    c = junit_case(read_junit(), "Registry/Perf.MeetsBaseline/fp32_fma");
    EXPECT_NE(c.find("status=\"fail\""), std::string::npos) << c;
    EXPECT_NE(c.find("<failure"), std::string::npos) << c;
    const size_t out = c.find("<system-out>");
    ASSERT_NE(out, std::string::npos) << c;
    for (const char* part : {verdict.c_str(), ", measured ", "(tolerance ", "REGRESSION"})
        EXPECT_NE(c.find(part, out), std::string::npos) << "'" << part << "' missing:\n" << c;
    // The failing case's verdict line says whether the code changed: here it did not...
    EXPECT_NE(c.find("REGRESSION on unchanged code", out), std::string::npos) << c;
    // ...and with a baseline recorded from other code (a doctored fingerprint) it did.
    doctor_fingerprint("0123456789abcdef");
    r = run(env + "CLGAUGE_TEST_SLOWDOWN=" + kSlowdown, CLGAUGE_CTEST, args);
    EXPECT_NE(r.rc, 0) << r.out;
    c = junit_case(read_junit(), "Registry/Perf.MeetsBaseline/fp32_fma");
    EXPECT_NE(c.find("<failure"), std::string::npos) << c;
    EXPECT_NE(c.find("REGRESSION, code changed (fingerprint 0123456789ab -&gt; "),
              std::string::npos)
        << c;
    EXPECT_EQ(c.find("on unchanged code"), std::string::npos) << c;
}

// "Did the code change?" (docs/code-fingerprints.md): a recording carries the fingerprint of
// the code it measured. The same code reads "same code", and a slowdown on it "REGRESSION on
// unchanged code"; a baseline whose fingerprint differs (doctored here) reads "code changed"
// with both fingerprints, in --check and in the perf case's verdict line; one recorded before
// fingerprints reads "code unknown", never "changed".
TEST_F(BaselineSelftest, DoctoredFingerprintReadsCodeChanged) {
    record(kSlowed);
    const std::string only = std::string("--check --only ") + kSlowed;
    const std::string filter = " --gtest_filter='*fp32_fma*'";
    const std::string env = "env CLGAUGE_BASELINES='" + dir.string() + "'";
    const std::string slowed = " CLGAUGE_TEST_SLOWDOWN=" + std::string(kSlowdown);
    Output r = clgauge(only);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("same     ok"), std::string::npos) << r.out;
    r = run(env + slowed, CLGAUGE_PERF_TESTS_BINARY, filter);
    EXPECT_NE(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("REGRESSION on unchanged code"), std::string::npos) << r.out;

    doctor_fingerprint("0123456789abcdef");
    r = clgauge(only);
    EXPECT_EQ(r.rc, 0) << "changed code alone is no failure:\n" << r.out;
    EXPECT_NE(r.out.find("CHANGED  ok"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("code changed (fingerprint 0123456789ab -> "), std::string::npos) << r.out;
    r = run(env + slowed, CLGAUGE_PERF_TESTS_BINARY, filter);
    EXPECT_NE(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("REGRESSION, code changed (fingerprint 0123456789ab -> "),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("on unchanged code"), std::string::npos) << r.out;

    doctor_fingerprint(std::nullopt);
    r = clgauge(only);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("unknown  ok"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("code changed"), std::string::npos) << r.out;
}

// --stamp-code puts a report's fingerprints into a baseline recorded without them; a report
// of a driver the baseline was not recorded with is refused, the file left as it was.
TEST_F(BaselineSelftest, StampCodeFromAReport) {
    record(kSlowed);
    nlohmann::json recorded;
    std::ifstream(file) >> recorded;
    const auto fingerprint =
        recorded["metrics"][kSlowed]["recordings"][0]["code"]["fingerprint"].get<std::string>();
    doctor_fingerprint(std::nullopt);
    const std::string report = (dir / "r.json").string();
    ASSERT_EQ(run("env", CLGAUGE_BINARY,
                  std::string("--only ") + kSlowed + " --budget-ms 20 --json '" + report + "'")
                  .rc,
              0);
    nlohmann::json j;
    std::ifstream(report) >> j;
    const std::string driver = j["devices"][0]["device"]["driver"];
    j["devices"][0]["device"]["driver"] = "another driver";
    std::ofstream(dir / "other.json") << j.dump();
    Output r = run("env", CLGAUGE_BINARY,
                   "--stamp-code '" + (dir / "other.json").string() + "' '" + file + "'");
    EXPECT_EQ(r.rc, 2) << r.out;
    EXPECT_NE(r.out.find("device.driver: is \"another driver\""), std::string::npos) << r.out;
    r = run("env", CLGAUGE_BINARY, "--stamp-code '" + report + "' '" + file + "'");
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("stamped fp32.fma: " + fingerprint.substr(0, 12)), std::string::npos)
        << r.out;
    const BaselineFile f = load_baseline(file);
    EXPECT_EQ(f.metrics.at(kSlowed).recordings.at(0).code.fingerprint, fingerprint)
        << "a report of the same code stamps the recorded fingerprint (driver " << driver << ")";
    r = clgauge(std::string("--check --only ") + kSlowed);
    EXPECT_NE(r.out.find("same     ok"), std::string::npos) << r.out;
}

// CDash draws a perf case's history from the measurements ctest finds in its output: a
// ctest -T Test run over the perf cases' own registration puts the rate, the baseline and
// the code fingerprint into Test.xml as NamedMeasurement elements.
TEST_F(BaselineSelftest, DashboardGetsTheRateAsAMeasurement) {
    record(kSlowed);
    const fs::path ctest_dir = dir / "dashboard";
    fs::create_directories(ctest_dir);
    std::ofstream(ctest_dir / "CTestTestfile.cmake")
        << "include(\"" << CLGAUGE_PERF_CTEST_FILE << "\")\n";
    const Output r =
        run("cd '" + ctest_dir.string() + "' && env CLGAUGE_BASELINES='" + dir.string() + "'",
            CLGAUGE_CTEST, "-T Test -R '/fp32_fma( |$)'");
    EXPECT_EQ(r.rc, 0) << r.out;
    std::ifstream tag_file(ctest_dir / "Testing" / "TAG");
    std::string tag;
    std::getline(tag_file, tag);
    std::ifstream in(ctest_dir / "Testing" / tag / "Test.xml");
    const std::string xml(std::istreambuf_iterator<char>(in), {});
    ASSERT_FALSE(xml.empty()) << "no Testing/" << tag << "/Test.xml:\n" << r.out;
    for (const char* name : {"measured [FLOP/s]", "baseline [FLOP/s]"}) {
        const std::string open =
            std::string("<NamedMeasurement type=\"numeric/double\" name=\"") + name + "\">";
        const size_t at = xml.find(open);
        ASSERT_NE(at, std::string::npos) << open << " missing:\n" << xml.substr(0, 4000);
        const size_t value = xml.find("<Value>", at) + 7;
        EXPECT_GT(std::stod(xml.substr(value, xml.find("</Value>", value) - value)), 0) << name;
    }
    EXPECT_NE(xml.find("name=\"code fingerprint\""), std::string::npos);
}

TEST_F(BaselineSelftest, BaselineClaimingTenfoldFails) {
    record();
    scale_baseline(10.0);
    const Output r = clgauge("--check --only '" + std::string(kOnly) + "'");
    EXPECT_EQ(r.rc, 3) << r.out;
    EXPECT_NE(r.out.find("REGRESSION"), std::string::npos) << r.out;
}

// A latency gates on its 10th percentile plus a few microseconds of slack for the host
// (baseline/gate.hpp), never more than 50%, so a baseline claiming a fraction of the launch
// latency, as a driver that multiplied it would look, fails. A quarter, not a half: on a
// shared CPU device the latency moves up to 2x with the load between recording and checking
// (seen in a parallel ctest run); that a doubling fails at any size is the unit test
// LatencyToleranceNeverCoversADoubling's.
TEST_F(BaselineSelftest, BaselineClaimingAQuarterOfTheLatencyFails) {
    record("launch.latency");
    scale_baseline(0.25);
    const Output r = clgauge("--check --only launch.latency");
    EXPECT_EQ(r.rc, 3) << r.out;
    EXPECT_NE(r.out.find("launch.latency: REGRESSION: p10"), std::string::npos) << r.out;
}

TEST_F(BaselineSelftest, BaselineClaimingATenthPassesAsStale) {
    record();
    scale_baseline(0.1);
    const Output r = clgauge("--check --only '" + std::string(kOnly) + "'");
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("baseline may be stale"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("proposed new median"), std::string::npos) << r.out;
}

TEST_F(BaselineSelftest, LostCapabilityFails) {
    record("fp32.fma");
    // Forcing a path the benchmark does not have makes it unsupported, as a driver that lost
    // an extension would.
    const Output r = clgauge("--check --only fp32.fma --path no-such-path");
    EXPECT_EQ(r.rc, 3) << r.out;
    EXPECT_NE(r.out.find("LOST"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("was ok in the baseline"), std::string::npos) << r.out;
}

TEST_F(BaselineSelftest, ReRecordingKeepsOtherMetrics) {
    record("fp32.fma");
    const Output r = clgauge("--record --rounds 1 --only int32.mad");
    ASSERT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("kept from the existing file: fp32.fma"), std::string::npos) << r.out;
    const BaselineFile f = load_baseline(file);
    EXPECT_TRUE(f.metrics.count("fp32.fma"));
    EXPECT_TRUE(f.metrics.count("int32.mad"));
    EXPECT_GT(f.metrics.at("fp32.fma").budget_ms, 0) << "a check must measure as recorded";
    ASSERT_EQ(f.machines.size(), 1u) << "one machine recorded both";
    EXPECT_EQ(f.metrics.at("fp32.fma").recordings.at(0).machine, f.machines[0].id);
}

// Another machine (CLGAUGE_MACHINE names it) merges into the file: both recordings are kept,
// the file lists both machines, and the pooled baseline passes.
TEST_F(BaselineSelftest, SecondMachineMergesIntoTheFile) {
    ASSERT_EQ(clgauge("--record --rounds 1 --only fp32.fma", "CLGAUGE_MACHINE=first").rc, 0);
    const Output r = clgauge("--record --rounds 1 --only fp32.fma", "CLGAUGE_MACHINE=second");
    ASSERT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("from 2 machines (pooled)"), std::string::npos) << r.out;
    const BaselineFile f = load_baseline(file);
    ASSERT_EQ(f.machines.size(), 2u);
    EXPECT_EQ(f.machines[0].id, "first");
    EXPECT_EQ(f.machines[1].id, "second");
    EXPECT_EQ(f.metrics.at("fp32.fma").recordings.size(), 2u);
    const Output c = clgauge("--check --only fp32.fma");
    EXPECT_EQ(c.rc, 0) << c.out;
}

TEST_F(BaselineSelftest, BadOrMissingBaselineIsAUsageError) {
    Output r = clgauge("--check --only fp32.fma");
    EXPECT_EQ(r.rc, 2) << r.out;
    EXPECT_NE(r.out.find("clgauge --record"), std::string::npos) << r.out;
    fs::create_directories(fs::path(file).parent_path());
    std::ofstream(file) << "{\"schema\": \"clgauge.baseline\", \"schema_version\": 7}";
    r = clgauge("--check --only fp32.fma");
    EXPECT_EQ(r.rc, 2) << r.out;
    EXPECT_NE(r.out.find(file + ": schema_version"), std::string::npos) << r.out;
    // Recording never overwrites a file it cannot read.
    r = clgauge("--record --rounds 1 --only fp32.fma");
    EXPECT_EQ(r.rc, 2) << r.out;
    std::ifstream in(file);
    EXPECT_NE(std::string(std::istreambuf_iterator<char>(in), {}).find("\"schema_version\": 7"),
              std::string::npos);
}

} // namespace
} // namespace clgauge::test
