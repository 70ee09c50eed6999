// label selftest: every measurement carries the code it ran (core/code_identity.hpp), the same
// fingerprint for the same code, found again on a cache hit, and another for a changed kernel;
// the compiler's per-kernel resources where the device reports them (NVIDIA), a skip saying so
// where it does not.
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <chrono>
#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

Measurement run_fma(const std::function<std::string(std::string)>& mutate = {}) {
    RunOptions opts = run_options_from_env(Mode::Conformance);
    opts.test.mutate_source = mutate;
    const Benchmark* b = find_benchmark("fp32.fma");
    if (!b) throw std::runtime_error("no fp32.fma in the registry");
    return run_benchmark(device_session(), *b, opts);
}

TEST(CodeIdentity, SameCodeSameFingerprintOtherCodeAnother) {
    const Measurement m = run_fma();
    ASSERT_EQ(m.status, Status::Ok) << m.reason;
    ASSERT_TRUE(m.code.known()) << "a built kernel must carry a fingerprint";
    EXPECT_EQ(m.code.build_options.find("-cl-nv-verbose"), std::string::npos)
        << "the options are clgauge's own: " << m.code.build_options;
    const Measurement again = run_fma(); // the program cache's copy
    EXPECT_EQ(again.code.fingerprint, m.code.fingerprint) << "a cache hit is the same code";
    // The planted change: one more kernel in the program is other code.
    bool planted = false;
    const Measurement other = run_fma([&](std::string text) {
        planted = true;
        return text + "\nkernel void clg_planted_extra(global uint* p) { p[0] = 7u; }\n";
    });
    ASSERT_TRUE(planted);
    ASSERT_EQ(other.status, Status::Ok) << other.reason;
    EXPECT_NE(other.code.fingerprint, m.code.fingerprint) << "changed code, same fingerprint";
}

// A run that reports no code (RunOptions::build.identify_code off) leaves it unknown, and the same
// program asked for by a run that does is identified then.
TEST(CodeIdentity, IdentifiedOnlyWhereTheRunAsksAndThenOnACacheHit) {
    RunOptions opts = run_options_from_env(Mode::Conformance);
    opts.build.identify_code = false;
    opts.test.mutate_source = [](std::string text) {
        return text + "\n// a program of this test's own\n";
    };
    const Benchmark* b = find_benchmark("fp32.fma");
    ASSERT_NE(b, nullptr);
    const Measurement quiet = run_benchmark(device_session(), *b, opts);
    ASSERT_EQ(quiet.status, Status::Ok) << quiet.reason;
    EXPECT_FALSE(quiet.code.known()) << "identified although the run reports no code";
    opts.build.identify_code = true;
    const Measurement asked = run_benchmark(device_session(), *b, opts);
    ASSERT_EQ(asked.status, Status::Ok) << asked.reason;
    EXPECT_TRUE(asked.code.known()) << "a cached program stayed unidentified";
}

TEST(CodeIdentity, KernelResourcesWhereTheDeviceReportsThem) {
    Session& s = device_session();
    if (!s.facts().is_nvidia())
        GTEST_SKIP() << s.facts().platform
                     << " reports no per-kernel resources (only NVIDIA's -cl-nv-verbose build "
                        "log does here): the report says none";
    // Code no earlier run built (a kernel with this moment's constant): the driver compiles
    // it and writes its report, which a build its program cache serves would not.
    const std::string nonce =
        std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() & 0x7fffffff);
    const Measurement m = run_fma([&](std::string text) {
        return text + "\nkernel void clg_nonce(global uint* p) { p[0] = " + nonce + "u; }\n";
    });
    ASSERT_EQ(m.status, Status::Ok) << m.reason;
    ASSERT_TRUE(m.code.resources_reported) << "no ptxas report in the build log";
    ASSERT_FALSE(m.code.kernels.empty());
    for (const auto& k : m.code.kernels) {
        EXPECT_GT(k.registers, 0) << describe(k);
        EXPECT_GE(k.spill_store_bytes, 0) << describe(k);
        EXPECT_GE(k.spill_load_bytes, 0) << describe(k);
    }
    EXPECT_EQ(m.build_log.find("ptxas"), std::string::npos)
        << "the resource report is not a warning:\n"
        << m.build_log;
}

} // namespace
} // namespace clgauge::test
