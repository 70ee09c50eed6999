// label unit: build workers (run/build_workers.hpp), driven by shell scripts that write the
// workers' notices: a program is waited for until its worker says it is built, and no longer
// once its worker is gone or the deadline has passed.
#include "run/build_workers.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>

namespace clgauge::test {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// One worker that runs `script` in sh.
BuildWorkers worker(const std::string& script, double timeout_s = 60) {
    return BuildWorkers("/bin/sh", {{"sh", "-c", script}}, timeout_s);
}

TEST(BuildWorkers, NoticesAreWhatTheWorkersReadBack) {
    std::ostringstream out;
    const BuildProgress p = build_notices(out);
    p.planned({"k1", "k2"});
    p.done("k2");
    EXPECT_EQ(out.str(), "plan k1\nplan k2\nplan-end\nbuilt k2\n");
}

TEST(BuildWorkers, AProgramIsAwaitedUntilItsWorkerSaysItIsBuilt) {
    BuildWorkers w = worker("echo plan a; echo plan b; echo plan-end; sleep 0.2; echo built a; "
                            "exec sleep 30");
    ASSERT_EQ(w.started(), 1u);
    const auto start = Clock::now();
    w.await("a");
    EXPECT_EQ(w.built(), 1u) << "await returned before the worker said 'built a'";
    EXPECT_LT(seconds_since(start), 20) << "await waited for b, which it was not asked for";
}

TEST(BuildWorkers, AProgramNoWorkerPlansIsNotAwaitedOnceAllHavePlanned) {
    BuildWorkers w = worker("sleep 0.2; echo plan a; echo plan-end; exec sleep 30");
    const auto start = Clock::now();
    w.await("z");
    EXPECT_LT(seconds_since(start), 20) << "a program no worker builds was waited for";
    EXPECT_EQ(w.pending(), 1u) << "await returned before the worker's plan was read";
    EXPECT_EQ(w.built(), 0u);
    EXPECT_EQ(w.answered(), 0u) << "no worker announced z";
}

// The first benchmark's program is not held up by the slowest worker's plan.
TEST(BuildWorkers, AnAnnouncedProgramDoesNotWaitForTheOtherWorkersPlans) {
    BuildWorkers w("/bin/sh",
                   {{"sh", "-c", "echo plan a; echo plan-end; echo built a; exec sleep 30"},
                    {"sh", "-c", "exec sleep 30"}},
                   60);
    const auto start = Clock::now();
    w.await("a");
    EXPECT_LT(seconds_since(start), 20) << "await waited for a worker that never planned";
    EXPECT_EQ(w.built(), 1u);
    EXPECT_EQ(w.answered(), 1u) << "a build a worker announced counts as served by it";
}

TEST(BuildWorkers, AWorkerThatEndsReleasesItsPrograms) {
    BuildWorkers w = worker("echo plan a; echo plan-end; sleep 0.2; exit 1");
    const auto start = Clock::now();
    w.await("a");
    EXPECT_EQ(w.built(), 0u);
    EXPECT_LT(seconds_since(start), 20);
    w.finish();
}

TEST(BuildWorkers, TheDeadlineStopsAHungWorker) {
    BuildWorkers w = worker("echo plan a; echo plan-end; exec sleep 60", 0.5);
    const auto start = Clock::now();
    w.await("a");
    w.finish();
    EXPECT_EQ(w.built(), 0u);
    EXPECT_LT(seconds_since(start), 20) << "the hung worker was waited for past its deadline";
}

TEST(BuildWorkers, SeveralWorkersEachAnswerForTheirOwnPrograms) {
    BuildWorkers w("/bin/sh",
                   {{"sh", "-c", "echo plan a; echo plan-end; sleep 0.5; echo built a"},
                    {"sh", "-c", "echo plan b; echo plan-end; sleep 0.1; echo built b"}},
                   60);
    ASSERT_EQ(w.started(), 2u);
    w.await("b");
    EXPECT_GE(w.built(), 1u);
    w.finish();
    EXPECT_EQ(w.built(), 2u) << "finish() returned before every worker was done";
}

TEST(BuildWorkers, AProgramThatCannotStartIsNoWorker) {
    BuildWorkers w("/no/such/program", {{"x"}}, 60);
    EXPECT_EQ(w.started(), 0u);
    w.await("a"); // returns at once: nobody builds it
    w.finish();
}

} // namespace
} // namespace clgauge::test
