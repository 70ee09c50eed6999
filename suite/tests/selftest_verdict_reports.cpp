// label selftest: where the perf verdict goes, end to end on the test device through the real
// programs: the perf CTest cases, their JUnit report and CDash measurements, and whether the
// code changed (a doctored fingerprint reads "code changed"; --stamp-code from a report).
#include "baseline_selftest_fixture.hpp"

namespace clgauge::test {
namespace {

// An installed CTest file registers perf.measure, which ctest would add to any perf case it runs
// (FIXTURES_REQUIRED): one case is meant here, timed by itself.
const char* kWithoutFixtures = "-FA '.*'";

TEST_F(BaselineSelftest, PerfCasesGateOnTheBaseline) {
    const std::string filter = " --gtest_filter='*fp32_fma*'";
    const std::string env = "env CLGAUGE_BASELINES='" + dir.string() + "'";
    // No baseline: the perf cases skip and say how to record one.
    Output r = run(env, kPerfTests, filter);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("[  SKIPPED ]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("clgauge --record"), std::string::npos) << r.out;
    // A gating run (CI's CLGAUGE_REQUIRE_BASELINE=1, or CTest resource allocation) that judged
    // nothing is no pass: it fails, naming the device and how to record.
    r = run(env + " CLGAUGE_REQUIRE_BASELINE=1", kPerfTests, filter);
    EXPECT_NE(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("[  FAILED  ] 1 test"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("judged nothing on device "), std::string::npos) << r.out;
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
                             "' -L perf -R '/fp32_fma( |$)' " + kWithoutFixtures +
                             " --output-junit '" + junit + "'";
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
    // The case names the device it was judged on: one of eight GPUs is found from the report.
    const std::string device = ": " + device_facts_without_context().name;
    EXPECT_NE(c.find("perf device "), std::string::npos) << c;
    EXPECT_NE(c.find(device), std::string::npos) << "'" << device << "' missing:\n" << c;

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
    r = run(env + "CLGAUGE_TEST_SLOWDOWN=" + kSlowdown, kCtest, args);
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
    r = run(env + slowed, kPerfTests, filter);
    EXPECT_NE(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("REGRESSION on unchanged code"), std::string::npos) << r.out;

    doctor_fingerprint("0123456789abcdef");
    r = clgauge(only);
    EXPECT_EQ(r.rc, 0) << "changed code alone is no failure:\n" << r.out;
    EXPECT_NE(r.out.find("CHANGED  ok"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("code changed (fingerprint 0123456789ab -> "), std::string::npos) << r.out;
    r = run(env + slowed, kPerfTests, filter);
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
    ASSERT_EQ(run("env", kClgauge,
                  std::string("--only ") + kSlowed + " --budget-ms 20 --json '" + report + "'")
                  .rc,
              0);
    nlohmann::json j;
    std::ifstream(report) >> j;
    const std::string driver = j["devices"][0]["device"]["driver"];
    j["devices"][0]["device"]["driver"] = "another driver";
    std::ofstream(dir / "other.json") << j.dump();
    Output r =
        run("env", kClgauge, "--stamp-code '" + (dir / "other.json").string() + "' '" + file + "'");
    EXPECT_EQ(r.rc, 2) << r.out;
    EXPECT_NE(r.out.find("device.driver: is \"another driver\""), std::string::npos) << r.out;
    r = run("env", kClgauge, "--stamp-code '" + report + "' '" + file + "'");
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
    std::ofstream(ctest_dir / "CTestTestfile.cmake") << "include(\"" << kPerfCtestFile << "\")\n";
    const Output r =
        run("cd '" + ctest_dir.string() + "' && env CLGAUGE_BASELINES='" + dir.string() + "'",
            kCtest, "-T Test -L perf -R '/fp32_fma( |$)' " + std::string(kWithoutFixtures));
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

} // namespace
} // namespace clgauge::test
