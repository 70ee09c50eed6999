// label conformance: every registry entry, on every path, against its CPU reference, judged
// against the device's known-failure list (baselines/known-failures/): a listed failure passes
// as expected, a listed one that passes fails as FIXED (CLGAUGE_ALLOW_FIXED=1 allows it), a
// listed flake is run again.
#include "analysis/report_file.hpp"
#include "baseline/known_judge.hpp"
#include "ci_paths.hpp"
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"
#include "test_programs.hpp"

#include <cstdio>
#include <filesystem>
#include <gtest/gtest.h>
#include <unistd.h>

namespace clgauge::test {
namespace {

class Conformance : public ::testing::TestWithParam<EntryPath> {};

// A path listed to crash (or hang) runs in a supervised clgauge process: here the crash would
// end this test's process, and with it the verdict.
Attempt run_in_clgauge_process(const EntryPath& ep) {
    namespace fs = std::filesystem;
    const fs::path json =
        fs::temp_directory_path() /
        ("clgauge-known-" + std::to_string(::getpid()) + "-" + test_name(ep) + ".json");
    const std::string clgauge = clgauge_program();
    const std::string cmd = "'" + clgauge + "' --conformance --only '" + ep.id + "' --path '" +
                            ep.path + "' --json '" + json.string() + "' 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return {Status::Error, "cannot run " + cmd};
    std::string out;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;)
        out.append(buf, n);
    pclose(p);
    std::cout << out;
    try {
        const analysis::ReportFile report = analysis::load_report(json.string());
        fs::remove(json);
        if (report.devices.empty() || report.devices[0].metrics.empty())
            return {Status::Error, "clgauge's report holds no result"};
        const Measurement& m = report.devices[0].metrics[0].measurement;
        return {m.status, m.reason};
    } catch (const analysis::ReportFileError& e) {
        fs::remove(json);
        return {Status::Error, std::string("no result in clgauge's report: ") + e.what()};
    }
}

TEST_P(Conformance, MatchesCpuReference) {
    const EntryPath& ep = GetParam();
    const Benchmark* b = find_benchmark(ep.id);
    ASSERT_NE(b, nullptr);
    const auto& known = device_known_failures();
    const KnownFailure* listed = find_known(known, ep.id, ep.path);
    std::function<Attempt()> once;
    Measurement m;
    if (listed && (listed->expect == Expected::Crash || listed->expect == Expected::Hang)) {
        once = [&] { return run_in_clgauge_process(ep); };
    } else {
        Session& s = device_session();
        const PathChoice choice = choose_path(*b, s.caps, ep.path);
        if (!choice.path)
            GTEST_SKIP() << ep.id << " [" << ep.path << "]: " << choice.unsupported_reason;
        once = [&] {
            RunOptions opts = run_options_from_env(Mode::Conformance);
            opts.forced_path = ep.path;
            // The case judges the output, not the code: a CPU driver would compile every
            // kernel once more to give its binaries (RunOptions::build.identify_code).
            opts.build.identify_code = false;
            m = run_benchmark(s, *b, opts);
            // A pass is a pass only with something checked.
            if (m.status == Status::Ok && !m.verification.passed())
                return Attempt{Status::VerifyFailed, "status ok but the verification did not pass"};
            return Attempt{m.status, m.reason};
        };
    }
    const KnownOutcome o = judge(known, ep.id, ep.path, once);
    const std::string where = ep.id + " [" + ep.path + "]";
    if (o.verdict == KnownVerdict::Skipped) GTEST_SKIP() << where << ": " << o.note;
    if (known_outcome(o, allow_fixed_from_env()) != Outcome::Ok)
        FAIL() << where << ": " << known_verdict_name(o.verdict) << ": " << o.note << "\n"
               << m.build_log;
    if (!o.note.empty())
        std::cout << where << ": " << known_verdict_name(o.verdict) << ": " << o.note << "\n";
    else
        std::cout << where << " on " << device_facts_without_context().name << ": "
                  << m.verification.checked << " values checked\n";
}

// The needs ci_paths.hpp says this CI device meets are the ones it meets: the table decides
// which paths count as run in CI (unit CiPaths.*), so it must not drift from the devices.
TEST(CiDevices, NeedsMatchThisDevice) {
    Session& s = device_session();
    const auto& all = ci_devices();
    const auto d = std::find_if(all.begin(), all.end(), [&](const CiDevice& c) {
        return s.facts().platform == c.platform;
    });
    if (d == all.end())
        GTEST_SKIP() << "platform \"" << s.facts().platform << "\" is not a CI device";
    for (const std::string& m : need_mismatches(*d, s.caps))
        ADD_FAILURE() << m;
}

INSTANTIATE_TEST_SUITE_P(Registry, Conformance, ::testing::ValuesIn(all_entry_paths()),
                         [](const auto& param_info) { return test_name(param_info.param); });

} // namespace
} // namespace clgauge::test
