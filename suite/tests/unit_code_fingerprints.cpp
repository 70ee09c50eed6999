// label unit: "did the code change?" without a device: the parser of ptxas-style resource
// reports (on text captured from CUDA 13 ptxas -v), the fingerprint of program binaries, the
// code verdicts of --check (same / changed / unknown, SPILL) and of --compare, the baseline
// file's code round trip, --stamp-code, and the CTest dashboard measurements.
#include "analysis/ab_comparison.hpp"
#include "analysis/stamp_code.hpp"
#include "baseline/check.hpp"
#include "baseline_test_helpers.hpp"
#include "registry/registry.hpp"
#include "report/json_report.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

using baseline_test::h200;
using baseline_test::machine;
using baseline_test::ok_metric;

std::string captured(const std::string& name) {
    return test::read_text(std::string(CLGAUGE_SOURCE_DIR) + "/suite/tests/data/ptxas/" + name);
}

// ---- the resource report ----

TEST(KernelResources, ParsesPtxasReportOfTwoKernels) {
    const auto k = parse_ptxas_resources(captured("two_kernels.txt"));
    ASSERT_EQ(k.size(), 2u);
    EXPECT_EQ(k[0].kernel, "big");
    EXPECT_EQ(k[0].registers, 23);
    EXPECT_EQ(k[0].stack_bytes, 800);
    EXPECT_EQ(k[0].spill_store_bytes, 0);
    EXPECT_EQ(k[0].spill_load_bytes, 0);
    EXPECT_EQ(k[0].local_bytes, 1024);
    EXPECT_EQ(k[1].kernel, "k");
    EXPECT_EQ(k[1].registers, 9);
    EXPECT_EQ(k[1].stack_bytes, 0);
    EXPECT_EQ(k[1].local_bytes, 0) << "no smem in the line: none used";
}

// The NVIDIA driver's own log (kernels/dp4a.cl built with
// -cl-nv-verbose): three entry functions and the properties of a called function, the
// front end's warnings before them.
TEST(KernelResources, ParsesTheNvidiaDriversLog) {
    const std::string log = captured("nvidia_driver_580.txt");
    const auto k = parse_ptxas_resources(log);
    ASSERT_EQ(k.size(), 3u) << "clg_dp4a_chains is no entry function";
    EXPECT_EQ(k[0].kernel, "dp4a_su8");
    EXPECT_EQ(k[0].registers, 22);
    EXPECT_EQ(k[2].kernel, "dp4a_s8");
    EXPECT_EQ(k[2].registers, 24);
    for (const auto& kernel : k) {
        EXPECT_EQ(kernel.stack_bytes, 0) << kernel.kernel;
        EXPECT_EQ(kernel.spill_bytes(), 0) << kernel.kernel;
    }
    // What the compiler said besides its report stays a warning.
    EXPECT_NE(without_resource_report(log).find("overriding noinline"), std::string::npos);
    EXPECT_EQ(without_resource_report(log).find("registers"), std::string::npos);
}

TEST(KernelResources, ParsesSpills) {
    const auto k = parse_ptxas_resources(captured("spill.txt"));
    ASSERT_EQ(k.size(), 1u);
    EXPECT_EQ(k[0].kernel, "spill");
    EXPECT_EQ(k[0].registers, 32);
    EXPECT_EQ(k[0].spill_store_bytes, 916);
    EXPECT_EQ(k[0].spill_load_bytes, 1208);
    EXPECT_EQ(k[0].spill_bytes(), 2124);
    EXPECT_EQ(
        describe(k[0]),
        "spill: 32 registers, 2124 B spilled (916 stores, 1208 loads), 616 B stack, 0 B local");
}

// The driver's log puts its own prefix on the properties line and may leave out the entry
// line; the example in the NVIDIA OpenCL logs of older drivers.
TEST(KernelResources, ToleratesOtherPrefixes) {
    const std::string log = "ptxas info    : 0 bytes gmem\n"
                            "ptxas info    : Function properties for fp32_fma\n"
                            "ptxas         .     0 bytes stack frame, 8 bytes spill stores, 12 "
                            "bytes spill loads\n"
                            "ptxas info    : Used 18 registers, 380 bytes cmem[0]\n";
    const auto k = parse_ptxas_resources(log);
    ASSERT_EQ(k.size(), 1u);
    EXPECT_EQ(k[0].kernel, "fp32_fma");
    EXPECT_EQ(k[0].registers, 18);
    EXPECT_EQ(k[0].spill_bytes(), 20);
    EXPECT_TRUE(parse_ptxas_resources("").empty());
    EXPECT_TRUE(parse_ptxas_resources("warning: unused variable 'x'\n").empty());
}

// The report is no warning: only what the compiler said besides it reaches the build log.
TEST(KernelResources, ReportIsNotAWarning) {
    EXPECT_EQ(without_resource_report(captured("two_kernels.txt")), "");
    EXPECT_EQ(without_resource_report(captured("spill.txt") + "k.cl:3:7: warning: unused x\n"),
              "k.cl:3:7: warning: unused x\n");
}

// ---- the fingerprint ----

std::string pocl_binary(const std::string& bitcode, const std::string& cached) {
    std::string b("poclbin\0", 8);
    b += std::string(12, '\x01'); // header fields
    const std::string name = "/program.bc";
    const uint32_t name_len = uint32_t(name.size()), size = uint32_t(bitcode.size());
    b.append(reinterpret_cast<const char*>(&name_len), 4);
    b += name;
    b.append(reinterpret_cast<const char*>(&size), 4);
    return b + bitcode + cached;
}

TEST(CodeFingerprint, DependsOnBinaryAndOptions) {
    const std::string a = program_fingerprint({"ptx A"}, "-DX=1");
    EXPECT_EQ(a.size(), 16u);
    EXPECT_EQ(a, program_fingerprint({"ptx A"}, "-DX=1"));
    EXPECT_NE(a, program_fingerprint({"ptx B"}, "-DX=1")) << "other code";
    EXPECT_NE(a, program_fingerprint({"ptx A"}, "-DX=2")) << "other options";
    EXPECT_EQ(fnv1a64_hex(""), "cbf29ce484222325");
}

// PoCL appends the work-group functions it compiled and cached, which differ from run to run
// (seen on PoCL 3.1); the bitcode before them is the code.
TEST(CodeFingerprint, PoclBinaryIsFingerprintedByItsBitcode) {
    const std::string one = pocl_binary("BC\xc0\xde bitcode", "run 1 cache");
    const std::string two = pocl_binary("BC\xc0\xde bitcode", "the cache of run 2");
    EXPECT_EQ(code_part(one), code_part(two));
    EXPECT_EQ(program_fingerprint({one}, ""), program_fingerprint({two}, ""));
    EXPECT_NE(program_fingerprint({one}, ""),
              program_fingerprint({pocl_binary("BC\xc0\xde bitcodf", "run 1 cache")}, ""));
    EXPECT_EQ(code_part("not pocl"), "not pocl");
    const std::string cut = one.substr(0, one.size() - 20); // bitcode size beyond the end
    EXPECT_EQ(code_part(cut), cut);
}

TEST(CodeFingerprint, SeveralProgramsCombine) {
    CodeIdentity a{"aaaa", "-DA", true, {KernelResources{"ka", 10, 0, 0, 0, 0}}};
    CodeIdentity b{"bbbb", "-DB", false, {}};
    const CodeIdentity ab = combine({a, b});
    EXPECT_EQ(ab.build_options, "-DA | -DB");
    EXPECT_TRUE(ab.resources_reported);
    EXPECT_EQ(ab.kernels.size(), 1u);
    EXPECT_NE(ab.fingerprint, combine({b, a}).fingerprint);
    EXPECT_EQ(combine({a}).fingerprint, "aaaa");
    EXPECT_FALSE(combine({}).known());
}

// ---- the check verdict ----

KernelResources kernel(const std::string& name, long registers, long spilled) {
    return {name, registers, spilled, spilled, 0, 0};
}

CodeIdentity code(const std::string& fingerprint, std::vector<KernelResources> kernels = {}) {
    return {fingerprint, "-DCLG_STEPS=8", !kernels.empty(), std::move(kernels)};
}

MetricBaseline recorded(const CodeIdentity& c) {
    MetricBaseline m = ok_metric(5e13);
    m.recordings[0].code = c;
    return m;
}

TEST(CodeVerdict, SameChangedAndUnknown) {
    const MetricBaseline base = recorded(code("aa00000000000000"));
    CodeJudgement j = judge_code(&base, code("aa00000000000000"));
    EXPECT_EQ(j.match, CodeMatch::Same);
    EXPECT_EQ(j.text, "same code");
    j = judge_code(&base, code("bb00000000000000"));
    EXPECT_EQ(j.match, CodeMatch::Changed);
    EXPECT_EQ(j.text, "code changed (fingerprint aa0000000000 -> bb0000000000)");
    // A baseline recorded before fingerprints: nothing is known, nothing "changed".
    const MetricBaseline old = ok_metric(5e13);
    j = judge_code(&old, code("bb00000000000000"));
    EXPECT_EQ(j.match, CodeMatch::Unknown);
    EXPECT_EQ(j.text, "code unknown (the baseline has no fingerprint)");
    EXPECT_EQ(judge_code(&base, CodeIdentity{}).match, CodeMatch::Unknown);
}

// Pooled machines: a measurement matching any recording's code is the same code; recordings
// that disagree are said so.
TEST(CodeVerdict, RecordingsThatDisagreeAreNamed) {
    MetricBaseline m = recorded(code("aaaaaaaaaaaaaaaa"));
    MetricBaseline other = ok_metric(5e13, 0.05, Unit::FlopPerSecond, "second");
    other.recordings[0].code = code("bbbbbbbbbbbbbbbb");
    m = merge_recordings(&m, other);
    ASSERT_EQ(m.recordings.size(), 2u);
    const CodeJudgement j = judge_code(&m, code("bbbbbbbbbbbbbbbb"));
    EXPECT_EQ(j.match, CodeMatch::Same);
    EXPECT_NE(j.notes.find("recordings disagree on the code (aaaaaaaaaaaa, bbbbbbbbbbbb)"),
              std::string::npos)
        << j.notes;
}

// A kernel that spilled nothing and spills now is a verdict of its own (exit 3), even where
// the rate held; register counts that move are information.
TEST(CodeVerdict, NewSpillIsAVerdict) {
    const MetricBaseline base = recorded(code("aaaaaaaaaaaaaaaa", {kernel("k", 18, 0)}));
    const CodeIdentity now = code("bbbbbbbbbbbbbbbb", {kernel("k", 32, 100)});
    MetricCheck c = compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "", 5e13,
                                   baseline_test::around(5e13, 0.01));
    ASSERT_EQ(c.verdict, Verdict::Ok);
    apply_code(c, judge_code(&base, now));
    EXPECT_EQ(c.verdict, Verdict::Spill);
    EXPECT_TRUE(verdict_fails(c.verdict));
    EXPECT_NE(c.note.find("now spills 200 bytes where the baseline spilled none (k: 100 stores, "
                          "100 loads)"),
              std::string::npos)
        << c.note;
    EXPECT_NE(c.note.find("k registers 18 -> 32"), std::string::npos) << c.note;
    EXPECT_EQ(summarize_checks({c}).spills, 1u);

    // The planted fault's control: the same kernel without spills is no verdict.
    MetricCheck fine = compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "", 5e13,
                                      baseline_test::around(5e13, 0.01));
    apply_code(fine, judge_code(&base, code("bbbbbbbbbbbbbbbb", {kernel("k", 32, 0)})));
    EXPECT_EQ(fine.verdict, Verdict::Ok);
    // A baseline that spilled already: more spilling is no new spill.
    const MetricBaseline spilled = recorded(code("aaaaaaaaaaaaaaaa", {kernel("k", 18, 4)}));
    EXPECT_EQ(judge_code(&spilled, now).new_spill_bytes, 0);
}

// The verdict line (and so the JUnit failure message) reads differently on unchanged and on
// changed code.
TEST(CodeVerdict, RegressionLineSaysWhetherTheCodeChanged) {
    const MetricBaseline base = recorded(code("1111111111111111"));
    auto regressed = [&](const CodeIdentity& now) {
        MetricCheck c = compare_metric("fp32.fma", Unit::FlopPerSecond, &base, Status::Ok, "",
                                       2.5e13, baseline_test::around(2.5e13, 0.01));
        EXPECT_EQ(c.verdict, Verdict::Regression);
        apply_code(c, judge_code(&base, now));
        return check_line(c);
    };
    EXPECT_NE(regressed(code("1111111111111111")).find("REGRESSION on unchanged code: "),
              std::string::npos);
    const std::string changed = regressed(code("2222222222222222"));
    EXPECT_NE(changed.find("REGRESSION, code changed (fingerprint 111111111111 -> 222222222222)"),
              std::string::npos)
        << changed;
    EXPECT_EQ(changed.find("unchanged"), std::string::npos) << changed;
}

// ---- the baseline file ----

TEST(CodeInBaseline, RoundTripsAndOldFilesLoad) {
    std::vector<std::pair<std::string, MetricBaseline>> rec = {
        {"fp32.fma", recorded(code("0123456789abcdef", {kernel("fp32_fma", 18, 0)}))},
        {"int32.mad", ok_metric(2e13, 0.08, Unit::OpPerSecond)}};
    const BaselineFile f = merge_baseline(nullptr, h200(), rec, "2026-11-25T00:00:00Z", machine());
    const std::string text = baseline_to_json(f).dump(2);
    const BaselineFile back = parse_baseline(text, "b.json");
    const CodeIdentity& c = back.metrics.at("fp32.fma").recordings.at(0).code;
    EXPECT_EQ(c.fingerprint, "0123456789abcdef");
    EXPECT_EQ(c.build_options, "-DCLG_STEPS=8");
    ASSERT_EQ(c.kernels.size(), 1u);
    EXPECT_EQ(c.kernels[0].registers, 18);
    EXPECT_EQ(c.kernels[0].spill_store_bytes, 0);
    EXPECT_FALSE(back.metrics.at("int32.mad").recordings.at(0).code.known());

    nlohmann::json j = nlohmann::json::parse(text);
    j["metrics"]["fp32.fma"]["recordings"][0]["code"]["fingerprint"] = "not hex!";
    try {
        baseline_from_json(j, "b.json");
        FAIL() << "a fingerprint that is no hex was read";
    } catch (const BaselineError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "b.json: metrics[\"fp32.fma\"].recordings[0].code.fingerprint: must be hex"),
                  std::string::npos)
            << e.what();
    }
}

// ---- --stamp-code ----

analysis::ReportFile report_of(const std::string& driver, const std::string& mode,
                               const CodeIdentity& c) {
    DeviceReport r;
    r.facts = h200();
    r.facts.driver = driver;
    r.mode = mode;
    Measurement m;
    m.status = Status::Ok;
    m.path = "native";
    m.timings.device = summarize({1e-3, 1e-3, 1e-3});
    m.work_per_launch = 1e12;
    m.verification.checked = 1;
    m.code = c;
    r.results.push_back({find_benchmark("fp32.fma"), m});
    return analysis::report_from_json(report_to_json({r}), "r.json");
}

TEST(StampCode, StampsRecordingsOfTheReportsDriverOnly) {
    std::vector<std::pair<std::string, MetricBaseline>> rec = {
        {"fp32.fma", ok_metric(5e13)}, {"int32.mad", ok_metric(2e13, 0.08, Unit::OpPerSecond)}};
    BaselineFile f = merge_baseline(nullptr, h200(), rec, "2026-11-25T00:00:00Z", machine());
    const CodeIdentity c = code("0123456789abcdef", {kernel("fp32_fma", 18, 0)});
    const BaselineFile before = f;
    EXPECT_THROW(analysis::stamp_code(f, "b.json", report_of("581.0", "perf", c)),
                 analysis::ReportFileError)
        << "another driver";
    EXPECT_THROW(analysis::stamp_code(f, "b.json", report_of("580.65.06", "conformance", c)),
                 analysis::ReportFileError)
        << "conformance kernels are built otherwise";
    EXPECT_EQ(baseline_to_json(f), baseline_to_json(before)) << "refused: file untouched";
    const auto o = analysis::stamp_code(f, "b.json", report_of("580.65.06", "perf", c));
    ASSERT_EQ(o.stamped.size(), 1u);
    EXPECT_EQ(o.stamped[0], "fp32.fma: 0123456789ab (1 recording)");
    ASSERT_EQ(o.skipped.size(), 1u);
    EXPECT_EQ(o.skipped[0], "int32.mad: not in the report");
    EXPECT_EQ(f.metrics.at("fp32.fma").recordings[0].code.fingerprint, "0123456789abcdef");
    EXPECT_EQ(f.metrics.at("fp32.fma").recordings[0].code.kernels.at(0).registers, 18);
}

// ---- --compare ----

TEST(CompareCode, SameChangedAndNewSpill) {
    const auto a = report_of("1", "perf", code("aaaaaaaaaaaaaaaa", {kernel("fp32_fma", 18, 0)}));
    auto b = report_of("1", "perf", code("aaaaaaaaaaaaaaaa", {kernel("fp32_fma", 18, 0)}));
    analysis::Comparison c = analysis::compare_reports(a, b, {});
    const analysis::MetricComparison* m = &c.devices.at(0).metrics.at(0);
    EXPECT_EQ(m->code, CodeMatch::Same);
    EXPECT_EQ(analysis::comparison_exit_code(c), 0);
    b = report_of("2", "perf", code("bbbbbbbbbbbbbbbb", {kernel("fp32_fma", 40, 64)}));
    c = analysis::compare_reports(a, b, {});
    m = &c.devices.at(0).metrics.at(0);
    EXPECT_EQ(m->code, CodeMatch::Changed);
    EXPECT_EQ(m->code_text, "code changed (fingerprint aaaaaaaaaaaa -> bbbbbbbbbbbb)");
    EXPECT_EQ(m->new_spill_bytes, 128);
    EXPECT_EQ(analysis::comparison_exit_code(c), 3) << "a new spill in B is a regression";
    // Reports written before fingerprints compare as before.
    c = analysis::compare_reports(report_of("1", "perf", {}), report_of("1", "perf", {}), {});
    EXPECT_TRUE(c.devices.at(0).metrics.at(0).code_text.empty());
}

// ---- the dashboard ----

TEST(Dashboard, PerfCaseMeasurementsForCTest) {
    MetricCheck c;
    c.unit = Unit::FlopPerSecond;
    c.measured = 6.638e13;
    c.baseline = 6.6e13;
    c.fingerprint = "0123456789abcdef";
    EXPECT_EQ(dart_measurements(c),
              "<DartMeasurement type=\"numeric/double\" name=\"measured [FLOP/s]\">6.638e+13"
              "</DartMeasurement>\n"
              "<DartMeasurement type=\"numeric/double\" name=\"baseline [FLOP/s]\">6.6e+13"
              "</DartMeasurement>\n"
              "<DartMeasurement type=\"text/string\" name=\"code fingerprint\">0123456789abcdef"
              "</DartMeasurement>\n");
    EXPECT_EQ(dart_measurements(MetricCheck{}), "") << "nothing measured, nothing drawn";
}

} // namespace
} // namespace clgauge
