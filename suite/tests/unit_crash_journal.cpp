// label unit: the crash journal that lets a run survive a driver killing the process.
#include "base/crash_context.hpp"
#include "measurement_sample.hpp"
#include "process/crash_journal.hpp"
#include "process/supervisor.hpp"
#include "report/measurement_json.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace clgauge {
namespace {

Benchmark named(const std::string& id) {
    Benchmark b;
    b.id = id;
    return b;
}

// The journal a crashed worker leaves: a result, a table, half a result line cut off by the
// crash, then the crash record. The next worker takes the result, reports the crash and
// runs nothing else from it.
TEST(CrashJournal, ResumeReadsResultsAndTheCrash) {
    const auto file = std::filesystem::temp_directory_path() / "clgauge-unit-journal.jsonl";
    {
        std::ofstream out(file);
        out << nlohmann::json{{"table", 1}}.dump() << "\n";
        out << nlohmann::json{{"result",
                               {{"device", 1},
                                {"id", "fp32.fma"},
                                {"m", measurement_to_json(named("fp32.fma"),
                                                          test::full_measurement())}}}}
                   .dump()
            << "\n";
        out << "{\"result\":{\"device\":1,\"id\":\"int32.m"
            << "{\"crash\":{\"device\":1,\"id\":\"subgroup.broadcast\",\"context\":\"intel, "
               "local size 1\",\"signal\":11}}\n";
    }
    {
        CrashJournal j(file.string());
        EXPECT_EQ(j.crashes(), 1u);
        EXPECT_TRUE(j.table_printed(1));
        EXPECT_FALSE(j.table_printed(0));
        const RunHooks h = j.hooks(1);
        const auto fma = h.earlier(named("fp32.fma"));
        ASSERT_TRUE(fma.has_value());
        EXPECT_EQ(fma->reason, test::full_measurement().reason);
        const auto crashed = h.earlier(named("subgroup.broadcast"));
        ASSERT_TRUE(crashed.has_value());
        EXPECT_EQ(crashed->status, Status::Crashed);
        EXPECT_NE(crashed->reason.find("SIGSEGV during intel, local size 1"), std::string::npos);
        EXPECT_FALSE(h.earlier(named("int32.mad")).has_value());
        EXPECT_FALSE(j.hooks(0).earlier(named("fp32.fma")).has_value());
        EXPECT_NE(j.resume_note().find("subgroup.broadcast (SIGSEGV)"), std::string::npos);
        // Results of this process are appended for the next one.
        h.finished(named("int32.mad"), test::full_measurement());
        CrashJournal again(file.string());
        const auto mad = again.hooks(1).earlier(named("int32.mad"));
        ASSERT_TRUE(mad.has_value());
        test::expect_same_measurement(*mad, test::full_measurement());
    }
    std::filesystem::remove(file);
}

// The record the watchdog leaves when the driver blocks past --timeout: the next worker
// reports that benchmark as a timeout (exit 4), not as a crash, and runs the rest.
TEST(CrashJournal, AHangRecordIsATimeout) {
    const auto file = std::filesystem::temp_directory_path() /
                      ("clgauge-unit-hang-" + std::to_string(::getpid()) + ".jsonl");
    {
        std::ofstream out(file);
        out << "{\"crash\":{\"device\":0,\"id\":\"fp32.fma\",\"context\":\"\",\"what\":"
               "\"clGetEventInfo (waiting for a command to complete)\",\"hung_s\":2.000000}}\n";
    }
    {
        CrashJournal j(file.string());
        EXPECT_EQ(j.crashes(), 1u);
        const auto hung = j.hooks(0).earlier(named("fp32.fma"));
        ASSERT_TRUE(hung.has_value());
        EXPECT_EQ(hung->status, Status::Timeout);
        EXPECT_NE(hung->reason.find("clGetEventInfo (waiting for a command to complete) did not "
                                    "return within 2 s"),
                  std::string::npos)
            << hung->reason;
        EXPECT_NE(j.resume_note().find("fp32.fma hung; it is reported as a timeout"),
                  std::string::npos)
            << j.resume_note();
    }
    std::filesystem::remove(file);
}

TEST(CrashJournal, UnwritableJournalIsAnError) {
    EXPECT_THROW(CrashJournal("/nonexistent-clgauge/journal.jsonl"), std::runtime_error);
}

// The supervisor: a worker's exit status is the run's; a worker that crashes inside a
// benchmark is followed by one that sees the crash; a worker that dies outside any
// benchmark ends the run with the crash status instead of looping.
TEST(Supervisor, ResumesAfterACrashInsideABenchmark) {
    EXPECT_EQ(run_supervised([](const std::string&) { return 3; }, 9), 3);
    const int code = run_supervised(
        [&](const std::string& file) {
            CrashJournal j(file);
            if (j.crashes() == 0) {
                j.hooks(0).starting(named("fp32.fma"));
                set_crash_context("local size \"1\"");
                std::abort();
            }
            const auto m = j.hooks(0).earlier(named("fp32.fma"));
            return m && m->status == Status::Crashed &&
                           m->reason.find("SIGABRT during local size \"1\"") != std::string::npos
                       ? 5
                       : 6;
        },
        9);
    EXPECT_EQ(code, 5);
    EXPECT_EQ(run_supervised([](const std::string&) -> int { std::abort(); }, 9), 9);
}

TEST(Supervisor, RemovesItsJournal) {
    // The worker writes the journal's name where the parent can read it back.
    const auto note = std::filesystem::temp_directory_path() / "clgauge-unit-journal-name";
    run_supervised(
        [&](const std::string& f) {
            std::ofstream(note) << f;
            CrashJournal j(f);
            return 0;
        },
        9);
    std::string file;
    std::ifstream(note) >> file;
    std::filesystem::remove(note);
    ASSERT_FALSE(file.empty());
    EXPECT_FALSE(std::filesystem::exists(file));
}

} // namespace
} // namespace clgauge
