// The console table stays clean: a compiler's stderr is captured and kept with the result
// and a device without a reported clock gets no made-up peak.
#include "base/stderr_capture.hpp"
#include "core/program_build.hpp"
#include "report/console.hpp"

#include <cstdio>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace clgauge {
namespace {

void write_fd2(const std::string& text) {
    ASSERT_EQ(write(STDERR_FILENO, text.data(), text.size()), ssize_t(text.size()));
}

TEST(StderrCapture, TakesWhatTheDriverWritesToFd2AndRestoresIt) {
    // The outer capture stands in for the terminal: after the inner one finishes, fd 2 must
    // point back at it, and the inner text must not have reached it.
    StderrCapture terminal;
    std::string inner;
    {
        StderrCapture compiler;
        write_fd2("2 warnings generated.\n");
        std::fprintf(stderr, "stdio too\n"); // buffered writes are flushed into the capture
        inner = compiler.finish();
    }
    write_fd2("next table row\n");
    const std::string outer = terminal.finish();
    EXPECT_EQ(inner, "2 warnings generated.\nstdio too\n");
    EXPECT_EQ(outer, "next table row\n");
}

TEST(StderrCapture, RestoresFd2WhenNotFinished) {
    StderrCapture terminal;
    {
        StderrCapture abandoned;
        write_fd2("lost\n");
    }
    write_fd2("after\n");
    EXPECT_EQ(terminal.finish(), "after\n");
}

TEST(CompilerOutput, MergedIntoTheBuildLogOnce) {
    EXPECT_EQ(merge_compiler_output("", ""), "");
    EXPECT_EQ(merge_compiler_output("error: x", ""), "error: x");
    EXPECT_EQ(merge_compiler_output("", "1 warning generated.\n"), "1 warning generated.\n");
    EXPECT_EQ(merge_compiler_output("error: x\n", "1 error generated.\n"),
              "error: x\n1 error generated.\n");
    EXPECT_EQ(merge_compiler_output("error: x", "1 error generated.\n"),
              "error: x\n1 error generated.\n");
    // A driver that prints its log and also returns it: once.
    EXPECT_EQ(merge_compiler_output("a\nerror: x\n", "error: x\n"), "a\nerror: x\n");
}

Benchmark fma_entry() {
    Benchmark b;
    b.id = "fp32.fma";
    b.label = "FP32  compute";
    b.unit = Unit::FlopPerSecond;
    return b;
}

TEST(ConsoleTable, CompilerWarningsOfAVerifiedBenchmarkAreANoteBelowTheRows) {
    const Benchmark b = fma_entry();
    DeviceReport r;
    r.facts.name = "test device";
    Measurement m;
    m.status = Status::Ok;
    m.path = "native";
    m.work_per_launch = 2e9;
    m.timings.device.median = 1.0;
    m.build_log = "fma.cl (options ''):\n2 warnings generated.\n";
    r.results.push_back({&b, m});
    r.results.push_back({&b, m});
    std::ostringstream os;
    print_results(os, r);
    const std::string text = os.str();
    const size_t notes = text.find("Notes:");
    ASSERT_NE(notes, std::string::npos) << text;
    const size_t warning = text.find("2 warnings generated.");
    ASSERT_NE(warning, std::string::npos) << text;
    EXPECT_GT(warning, notes) << "compiler output between the rows:\n" << text;
    EXPECT_NE(text.find("  fp32.fma: the compiler said:\n    fma.cl (options ''):\n"
                        "    2 warnings generated.\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("All supported benchmarks verified"), std::string::npos) << text;
}

TEST(DeviceTable, ClockOfZeroMeansThePeakIsUnknown) {
    DeviceFacts f;
    f.type = CL_DEVICE_TYPE_ACCELERATOR;
    f.compute_units = 2;
    f.clock_mhz = 0;
    const CoreEstimate e = estimate_cores(f);
    const std::string unknown = compute_units_text(f, e);
    EXPECT_EQ(unknown, "2, clock not reported (2 cores, peak unknown)");
    EXPECT_EQ(unknown.find("0.000"), std::string::npos) << unknown;
    f.clock_mhz = 2600;
    EXPECT_EQ(compute_units_text(f, e), "2 at 2600 MHz (2 cores, 0.010 TFLOPs/s)");
}

// A CPU device's row shows what it reports and the host's peak beside it: Intel's CPU runtime
// reports no clock, llvmpipe 300 MHz; neither is the clock its threads run at.
TEST(DeviceTable, ACpuDeviceShowsTheHostsPeak) {
    DeviceFacts f;
    f.type = CL_DEVICE_TYPE_CPU;
    f.compute_units = 8;
    f.native_width_float = 4;
    f.clock_mhz = 300;
    const CoreEstimate e = estimate_cores(f);
    if (e.host_units == 0) GTEST_SKIP() << "the host's clock cannot be measured here";
    const std::string text = compute_units_text(f, e);
    EXPECT_EQ(text.rfind("8 at 300 MHz (host ", 0), 0u) << text;
    EXPECT_NE(text.find("MHz measured"), std::string::npos) << text;
}

} // namespace
} // namespace clgauge
