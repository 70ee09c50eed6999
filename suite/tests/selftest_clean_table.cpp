// label selftest: a compiler's diagnostics never land between the table's rows.
// A `#warning` planted in fp32.fma's kernel makes every clang-based
// compiler warn; PoCL 3.1 then prints "1 warning generated." to the process's stderr during
// clBuildProgram (Intel's CPU runtime keeps its warnings in the build log only). The outer capture
// stands in for the terminal: nothing may reach it, and the text must be kept with the result.
#include "base/stderr_capture.hpp"
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "report/console.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace clgauge::test {
namespace {

TEST(CleanTable, CompilerWarningIsKeptWithTheResultNotPrinted) {
    Session& s = device_session();
    const Benchmark* b = find_benchmark("fp32.fma");
    ASSERT_NE(b, nullptr);
    RunOptions opts = run_options_from_env(Mode::Conformance);
    bool planted = false;
    opts.test.mutate_source = [&](std::string text) {
        planted = true;
        return "#warning clgauge-planted-warning\n" + text;
    };
    StderrCapture terminal;
    const Measurement m = run_benchmark(s, *b, opts);
    const std::string printed = terminal.finish();
    ASSERT_TRUE(planted);
    ASSERT_EQ(m.status, Status::Ok) << m.reason << "\n" << m.build_log;
    EXPECT_EQ(printed.find("warning"), std::string::npos)
        << "the compiler's output reached stderr:\n"
        << printed;
    if (m.build_log.empty())
        GTEST_SKIP() << "this driver's compiler printed nothing to stderr for #warning (it "
                        "keeps warnings in its build log only); nothing to keep";
    EXPECT_NE(m.build_log.find("warning"), std::string::npos) << m.build_log;

    DeviceReport r;
    r.facts = s.facts();
    r.results.push_back({b, m});
    std::ostringstream os;
    print_results(os, r);
    const std::string table = os.str();
    const size_t notes = table.find("Notes:");
    ASSERT_NE(notes, std::string::npos) << table;
    EXPECT_EQ(table.substr(0, notes).find("warning"), std::string::npos) << table;
    EXPECT_NE(table.find("fp32.fma: the compiler said:", notes), std::string::npos) << table;
    EXPECT_NE(table.find("warning", notes), std::string::npos) << table;
}

} // namespace
} // namespace clgauge::test
