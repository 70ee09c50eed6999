// label selftest: the ways a benchmark can go wrong are reported, bounded, and contained.
#include "core/program_cache.hpp"
#include "device_fixture.hpp"
#include "harness/launch.hpp"
#include "measure/timing.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <chrono>
#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

TEST(FailurePaths, BuildFailureCarriesTheBuildLog) {
    bool planted = false;
    const Measurement m = run_with_planted_fault("fp32.fma", "x = CLG_FMA(y, c, x);",
                                                 "x = CLG_FMA(y, c, x) + ;", planted);
    ASSERT_TRUE(planted);
    EXPECT_EQ(m.status, Status::BuildFailed) << m.reason;
    EXPECT_FALSE(m.build_log.empty()) << "a build failure must show the compiler's log";
    EXPECT_NE(m.reason.find("build failed"), std::string::npos) << m.reason;
}

TEST(FailurePaths, OneFailingBenchmarkDoesNotStopTheOthers) {
    Session& s = device_session();
    RunOptions opts = run_options_from_env(Mode::Conformance);
    // Break only int32.mad's kernel; the other entries of the run must still verify.
    opts.test.mutate_source = [](std::string text) {
        const std::string from = "kernel void int32_mad";
        if (auto p = text.find(from); p != std::string::npos) text.insert(p, "#error planted\n");
        return text;
    };
    const auto selection = select_benchmarks("int32.mad,fp32.fma");
    ASSERT_EQ(selection.size(), 2u);
    const DeviceReport r = run_all(s, selection, opts);
    ASSERT_EQ(r.results.size(), 2u);
    for (const auto& x : r.results) {
        if (x.benchmark->id == "int32.mad")
            EXPECT_EQ(x.measurement.status, Status::BuildFailed);
        else
            EXPECT_EQ(x.measurement.status, Status::Ok) << x.measurement.reason;
    }
}

TEST(FailurePaths, ALongKernelIsBoundedByTheTimeout) {
    Session& s = device_session();
    // Finite but far longer than the timeout, so the test can drain the queue afterwards.
    const std::string src = R"(
kernel void spin(global uint* out, uint n) {
    uint x = get_global_id(0);
    for (uint i = 0; i < n; ++i) x = x * 1664525u + 1013904223u;
    out[get_global_id(0)] = x;
})";
    const cl::Program& program = s.programs.get_source(src, "");
    cl::Kernel k(program, "spin");
    cl::Buffer out(s.context, CL_MEM_WRITE_ONLY, sizeof(cl_uint));
    k.setArg(0, out);
    k.setArg(1, cl_uint(1u << 30)); // about a second of one work-item on a CPU or a GPU
    cl::Event e;
    s.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NullRange, nullptr, &e);
    s.queue.flush();
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_THROW(wait_for(e, 0.2), KernelTimeout);
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(waited, 5.0) << "the wait must end near its deadline, not when the kernel does";
    s.queue.finish();
}

// A launch the device cannot make is a skip with the reason, in every harness: the runner
// turns DeviceLimit into unsupported. Planted: an entry whose kernel asks for work-groups of
// twice the device's maximum, held to the driver's own CL_KERNEL_WORK_GROUP_SIZE.
TEST(FailurePaths, AWorkGroupBeyondTheKernelsLimitIsUnsupportedWithTheReason) {
    Session& s = device_session();
    const RunOptions opts = run_options_from_env(Mode::Conformance);
    const Benchmark* fma = find_benchmark("fp32.fma");
    ASSERT_NE(fma, nullptr);
    Benchmark b = *fma;
    b.run = [](Session& ss, const Benchmark&, const ImplPath&, const RunOptions&) {
        const cl::Program& p =
            ss.programs.get_source("kernel void k(global uint* o) { *o = 1u; }", "");
        const cl::Kernel k(p, "k");
        require_work_group(k, ss, ss.facts().max_work_group * 2);
        return Measurement{};
    };
    const Measurement m = run_benchmark(s, b, opts);
    EXPECT_EQ(m.status, Status::Unsupported) << status_name(m.status) << ": " << m.reason;
    EXPECT_NE(m.reason.find("the kernel cannot run work-groups of " +
                            std::to_string(s.facts().max_work_group * 2) + " work-items"),
              std::string::npos)
        << m.reason;
    // The size the driver allows runs.
    b.run = [](Session& ss, const Benchmark&, const ImplPath&, const RunOptions&) {
        const cl::Program& p =
            ss.programs.get_source("kernel void k(global uint* o) { *o = 1u; }", "");
        const cl::Kernel k(p, "k");
        require_work_group(k, ss, kernel_work_group_limit(k, ss));
        Measurement ok;
        ok.status = Status::Ok;
        return ok;
    };
    EXPECT_EQ(run_benchmark(s, b, opts).status, Status::Ok);
}

} // namespace
} // namespace clgauge::test
