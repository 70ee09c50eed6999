// label unit: build workers (process/build_workers.hpp), driven by shell scripts that read the
// shared queue and write the workers' notices: each index goes to one worker, every notice is
// read back, and a hung worker is not waited for past the deadline.
#include "process/build_pool.hpp"
#include "process/build_workers.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <set>
#include <sstream>
#include <unistd.h>

namespace clgauge::test {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// A shell worker that takes `n` records from the queue (one 8-byte read each) and says each
// one is built, as "built <device> k<program>".
std::vector<std::string> queue_reader(int n, const std::string& then = "") {
    return {"sh", "-c",
            "for i in $(seq " + std::to_string(n) +
                "); do r=$(dd bs=8 count=1 2>/dev/null | od -An -tu4); [ -n \"$r\" ] || break; "
                "set -- $r; echo \"built $1 k$2\"; done" +
                (then.empty() ? "" : "; " + then)};
}

TEST(BuildWorkers, NoticesAreWhatTheWorkersReadBack) {
    std::ostringstream out;
    const BuildProgress p = build_notices(out, 3);
    p.done("k2");
    EXPECT_EQ(out.str(), "built 3 k2\n");
}

TEST(BuildWorkers, RecordsAreReadWholeInOrder) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const unsigned char words[] = {1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0x2c, 0x01, 0, 0, 7, 0, 0};
    ASSERT_EQ(::write(fds[1], words, sizeof words), ssize_t(sizeof words));
    ::close(fds[1]);
    auto r = read_build_record(fds[0]);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->device, 1u);
    EXPECT_EQ(r->program, 0u);
    r = read_build_record(fds[0]);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->device, 2u);
    EXPECT_EQ(r->program, 300u) << "the words are little-endian";
    EXPECT_FALSE(read_build_record(fds[0])) << "a record cut short is none";
    ::close(fds[0]);
}

// Two workers drawing from one queue build six different programs of device 3: none is built
// twice, and together they start at the queue's head.
TEST(BuildWorkers, WorkersShareOneQueue) {
    BuildWorkers w("/bin/sh", {queue_reader(3), queue_reader(3)}, 60);
    ASSERT_EQ(w.started(), 2u);
    w.hand_out({{3, "three"}});
    w.finish();
    EXPECT_EQ(w.built(), 6u) << "an index went to both workers";
    EXPECT_EQ(w.failures(), "");
    for (int k = 0; k < 6; ++k)
        EXPECT_TRUE(w.built(3, "k" + std::to_string(k))) << "nobody took index " << k;
    EXPECT_FALSE(w.built(3, "k6"));
}

// Records of several devices come device by device.
TEST(BuildWorkers, EachDevicesProgramsAreQueuedInTurn) {
    BuildWorkers w(
        "/bin/sh",
        {{"sh", "-c", "od -An -tu4 -w8 | while read d k; do echo \"built $d k$k\"; done"}}, 60);
    w.hand_out({{0, "zero"}, {2, "two"}});
    w.finish();
    EXPECT_EQ(w.built(), 2 * kBuildQueueIndices);
    EXPECT_EQ(w.built(0), kBuildQueueIndices);
    EXPECT_TRUE(w.built(0, "k" + std::to_string(kBuildQueueIndices - 1)));
    EXPECT_TRUE(w.built(2, "k0")) << "device 2's records did not follow device 0's";
    EXPECT_TRUE(w.built(2, "k" + std::to_string(kBuildQueueIndices - 1)));
}

// Without hand_out the queue ends unread: the workers end without building.
TEST(BuildWorkers, NoDeviceToBuildForEndsTheWorkers) {
    BuildWorkers w("/bin/sh", {queue_reader(1)}, 60);
    const auto start = Clock::now();
    w.finish();
    EXPECT_LT(seconds_since(start), 20);
    EXPECT_EQ(w.built(), 0u) << "a worker drew a record from a queue that had none";
    EXPECT_EQ(w.failures(), "");
}

TEST(BuildWorkers, FinishWaitsForEveryWorker) {
    BuildWorkers w("/bin/sh", {queue_reader(1, "sleep 0.5; echo built 0 late"), queue_reader(1)},
                   60);
    w.hand_out({{0, "zero"}});
    w.finish();
    EXPECT_TRUE(w.built(0, "late")) << "finish() returned before the slower worker was done";
    EXPECT_EQ(w.built(), 3u);
}

// A worker that has said all it builds and closed its output, but has not exited yet (it tears
// its context down), is no failure: the run, which sees its output end, judges it once it has
// exited.
TEST(BuildWorkers, AWorkerStillExitingIsNoFailure) {
    BuildWorkers w("/bin/sh", {queue_reader(1, "exec >&-; sleep 0.3")}, 60);
    w.hand_out({{0, "zero"}});
    const auto start = Clock::now();
    while (w.running() && seconds_since(start) < 20) {
    }
    ASSERT_FALSE(w.running()) << "its output never ended";
    EXPECT_EQ(w.failures(), "") << "judged before it exited";
    EXPECT_EQ(w.built(), 1u);
}

TEST(BuildWorkers, TheDeadlineStopsAHungWorker) {
    BuildWorkers w("/bin/sh", {{"sh", "-c", "exec sleep 60"}}, 0.5);
    const auto start = Clock::now();
    w.hand_out({{0, "zero"}});
    w.finish();
    EXPECT_LT(seconds_since(start), 20) << "the hung worker was waited for past its deadline";
    EXPECT_EQ(w.built(), 0u);
    EXPECT_EQ(w.failures(), "worker 1 stopped at the deadline");
}

TEST(BuildWorkers, AFailedWorkerSaysHowAndWhy) {
    BuildWorkers w("/bin/sh",
                   {queue_reader(1),
                    {"sh", "-c", "echo 'clgauge: no such device' >&2; echo more >&2; exit 2"},
                    {"sh", "-c", "kill -9 $$"}},
                   60);
    w.hand_out({{0, "zero"}});
    w.finish();
    EXPECT_EQ(w.built(), 1u);
    EXPECT_EQ(w.failures(), "worker 2 exit status 2: clgauge: no such device | more; worker 3 "
                            "killed by signal 9");
}

// A worker whose device list differs from the run's (it names the device otherwise) built for
// another device: it is a failure, and its builds are not counted as the device's.
TEST(BuildWorkers, AWorkerOnAnotherDeviceIsAFailure) {
    BuildWorkers w("/bin/sh",
                   {{"sh", "-c", "echo 'device 1 NVIDIA H100'; echo 'built 1 k0'"},
                    {"sh", "-c", "echo 'device 1 pthread-cpu'; echo 'built 1 k1'"}},
                   60);
    w.hand_out({{1, "NVIDIA H100"}});
    w.finish();
    EXPECT_TRUE(w.built(1, "k0"));
    EXPECT_FALSE(w.built(1, "k1")) << "a build for another device counted";
    EXPECT_EQ(w.failures(), "worker 2 took device 1 to be 'pthread-cpu', not 'NVIDIA H100'");
}

TEST(BuildWorkers, AProgramThatCannotStartIsNoWorker) {
    BuildWorkers w("/no/such/program", {{"x"}}, 60);
    EXPECT_EQ(w.started(), 0u);
    w.finish(); // returns at once: nobody builds anything
    EXPECT_EQ(w.built(), 0u);
}

// Workers build for the devices whose driver keeps a process's builds for the next: GPUs and
// PoCL; Intel's CPU runtime builds in the run (the planted case: workers there would build
// every program twice), unless the run asks for workers itself.
TEST(BuildWorkers, BuildForTheDevicesWhoseDriverKeepsTheirBuilds) {
    RunOptions opts;
    opts.build.threads = 2;
    DeviceFacts gpu, pocl, intel;
    gpu.type = CL_DEVICE_TYPE_GPU;
    pocl.type = intel.type = CL_DEVICE_TYPE_CPU;
    pocl.platform = "Portable Computing Language";
    intel.platform = "Intel(R) OpenCL";
    EXPECT_TRUE(builds_with_workers(gpu, opts));
    EXPECT_TRUE(builds_with_workers(pocl, opts));
    EXPECT_FALSE(builds_with_workers(intel, opts));
    opts.build.workers = 2;
    EXPECT_TRUE(builds_with_workers(intel, opts)) << "asked for, workers build anywhere";
    opts = RunOptions{}; // no build threads: no workers
    EXPECT_FALSE(builds_with_workers(gpu, opts));
}

TEST(BuildWorkers, NoticesListTheProgramsBeforeBuilding) {
    std::ostringstream out;
    const BuildProgress p = build_notices(out, 3);
    p.listed({"ka", "kb"});
    p.listed({});
    EXPECT_EQ(out.str(), "listed 3 ka kb\nlisted 3\n");
}

// Beside a run (CPU devices), the run waits for a program the workers listed until it is built,
// and not at all for one they did not list (it builds that one itself): waiting for it would
// hold the run until every worker ended, here a second later.
TEST(BuildWorkers, TheRunWaitsOnlyForWhatTheWorkersListed) {
    BuildWorkers w("/bin/sh",
                   {{"sh", "-c",
                     "echo 'listed 0 ka kb'; sleep 0.3; echo 'built 0 ka'; sleep 1; "
                     "echo 'built 0 kb'"}},
                   60);
    w.hand_out({{0, "zero"}});
    auto start = Clock::now();
    EXPECT_FALSE(w.wait_built(0, "kz"));
    EXPECT_LT(seconds_since(start), 0.9) << "the run waited for a program no worker listed";
    EXPECT_TRUE(w.wait_built(0, "ka"));
    EXPECT_FALSE(w.built(0, "kb"));
    EXPECT_TRUE(w.running());
    EXPECT_TRUE(w.wait_built(0, "kb"));
    w.finish();
    EXPECT_FALSE(w.running());
    EXPECT_EQ(w.failures(), "");
}

TEST(BuildWorkers, NoticesSayAsEachBuildBegins) {
    std::ostringstream out;
    const BuildProgress p = build_notices(out, 3);
    p.started("k2");
    p.done("k2");
    EXPECT_EQ(out.str(), "building 3 k2\nbuilt 3 k2\n");
}

// Beside a GPU's run, the run waits only for a program a worker has begun: one the workers
// listed but have not reached (kb) is the run's to build at once (a measuring process that finds
// its programs missing builds them itself), while one being built (ka) is waited for until it
// is. The planted twin, the CPU devices' wait for anything listed, holds the run for kb until the
// worker gets to it a second later.
TEST(BuildWorkers, TheRunWaitsOnlyForWhatAWorkerHasBegun) {
    const std::vector<std::string> worker = {
        "sh", "-c",
        "echo 'listed 0 ka kb'; echo 'building 0 ka'; sleep 0.3; echo 'built 0 ka'; sleep 1; "
        "echo 'building 0 kb'; echo 'built 0 kb'"};
    BuildWorkers w("/bin/sh", {worker}, 60);
    w.hand_out({{0, "zero"}});
    auto start = Clock::now();
    while (!(w.running() && w.building(0, "ka")) && seconds_since(start) < 10)
        usleep(10000); // running() reads what the worker said
    EXPECT_TRUE(w.building(0, "ka"));
    EXPECT_FALSE(w.building(0, "kb") || w.built(0, "kb"));
    start = Clock::now();
    EXPECT_FALSE(w.wait_built(0, "kb", BuildWorkers::WaitFor::Started));
    EXPECT_LT(seconds_since(start), 0.2) << "the run waited for a program no worker had begun";
    EXPECT_TRUE(w.wait_built(0, "ka", BuildWorkers::WaitFor::Started));
    EXPECT_FALSE(w.building(0, "ka"));
    start = Clock::now();
    EXPECT_TRUE(w.wait_built(0, "kb", BuildWorkers::WaitFor::Listed));
    EXPECT_GT(seconds_since(start), 0.5) << "planted: the wait for a listed program is as short";
    w.finish();
    EXPECT_EQ(w.failures(), "");
}

// Where another GPU's measuring process shares the host (a QueueShare), a program in another
// share's stride is the other workers' to build first: this run puts it off until its own
// workers reach it (then a cache hit), and a program in its own stride is not.
TEST(BuildWorkers, AProgramAnotherShareBuildsFirstIsKnown) {
    const std::vector<std::string> worker = {
        "sh", "-c", "echo 'listed 0 k0 k1 k2 k3'; sleep 0.3; echo 'building 0 k1'; sleep 5"};
    BuildWorkers w("/bin/sh", {worker}, 60);
    w.hand_out({{0, "zero"}}, {.shard = 0, .of = 2});
    EXPECT_FALSE(w.wait_built(0, "kz")); // returns once the list is read
    EXPECT_FALSE(w.first_built_elsewhere(0, "k0")) << "its own stride";
    EXPECT_TRUE(w.first_built_elsewhere(0, "k1")) << "the other share's stride";
    EXPECT_FALSE(w.first_built_elsewhere(0, "k2"));
    EXPECT_TRUE(w.first_built_elsewhere(0, "k3"));
    EXPECT_FALSE(w.first_built_elsewhere(0, "kz")) << "a program no worker listed";
    auto start = Clock::now();
    while (!(w.running() && w.building(0, "k1")) && seconds_since(start) < 10)
        usleep(10000);
    EXPECT_FALSE(w.first_built_elsewhere(0, "k1")) << "its own worker has begun it";
    BuildWorkers alone("/bin/sh", {{"sh", "-c", "echo 'listed 0 k0 k1'; sleep 5"}}, 60);
    alone.hand_out({{0, "zero"}});
    EXPECT_FALSE(alone.wait_built(0, "kz"));
    EXPECT_FALSE(alone.first_built_elsewhere(0, "k1")) << "no other share: nothing elsewhere";
}

// A worker that dies in the middle of a build leaves nothing begun: the run does not wait for
// that program, and builds it itself.
TEST(BuildWorkers, ABuildWhoseWorkerDiedIsNotWaitedFor) {
    BuildWorkers w("/bin/sh",
                   {{"sh", "-c", "echo 'listed 0 ka'; echo 'building 0 ka'; sleep 0.2; exit 3"}},
                   60);
    w.hand_out({{0, "zero"}});
    const auto start = Clock::now();
    EXPECT_FALSE(w.wait_built(0, "ka", BuildWorkers::WaitFor::Started));
    EXPECT_LT(seconds_since(start), 20);
    EXPECT_FALSE(w.building(0, "ka")) << "a dead worker's build was still taken as begun";
    EXPECT_FALSE(w.built(0, "ka"));
    w.finish();
    EXPECT_EQ(w.failures(), "worker 1 exit status 3");
}

// Several measuring processes on one host share the compiling: each one's queue starts with its
// own stride of the programs, and holds every index once. The planted twin, one process alone,
// is the queue in plain order.
TEST(BuildWorkers, EachShardQueuesItsOwnStrideFirst) {
    const std::vector<size_t> order = queue_order({.shard = 1, .of = 4});
    ASSERT_EQ(order.size(), kBuildQueueIndices);
    EXPECT_EQ((std::vector<size_t>(order.begin(), order.begin() + 3)),
              (std::vector<size_t>{1, 5, 9}));
    EXPECT_EQ(order[kBuildQueueIndices / 4], 0u) << "the others follow in order";
    EXPECT_EQ(std::set<size_t>(order.begin(), order.end()).size(), kBuildQueueIndices);
    const std::vector<size_t> alone = queue_order({});
    for (size_t i = 0; i < alone.size(); ++i)
        ASSERT_EQ(alone[i], i);
}

// A queue laid out for a share starts each worker at that share: the first program a worker
// takes is the shard's first index.
TEST(BuildWorkers, WorkersTakeTheShardsFirstIndexFirst) {
    BuildWorkers w("/bin/sh", {queue_reader(2)}, 60);
    w.hand_out({{3, "three"}}, {.shard = 2, .of = 3});
    w.finish();
    EXPECT_TRUE(w.built(3, "k2"));
    EXPECT_TRUE(w.built(3, "k5"));
    EXPECT_FALSE(w.built(3, "k0"));
}

// What a run beside the workers does on each kind of device: on a CPU device (the workers'
// cores) it leaves every listed program to them and holds them for every figure; on a GPU it
// waits only for a build begun and holds them only for the host's timings.
TEST(BuildWorkers, TheRunBesideThemKnowsWhoseCoresItTimesOn) {
    DeviceFacts cpu, gpu;
    cpu.type = CL_DEVICE_TYPE_CPU;
    gpu.type = CL_DEVICE_TYPE_GPU;
    EXPECT_EQ(beside_policy(cpu).wait, BuildWorkers::WaitFor::Listed);
    EXPECT_TRUE(beside_policy(cpu).shares_device);
    EXPECT_EQ(beside_policy(gpu).wait, BuildWorkers::WaitFor::Started);
    EXPECT_FALSE(beside_policy(gpu).shares_device);
}

// A listed program whose worker died before building it is not waited for past the worker's
// end: the run builds it, and the worker's failure says how it ended.
TEST(BuildWorkers, AListedProgramWhoseWorkerDiedIsNotWaitedFor) {
    BuildWorkers w("/bin/sh", {{"sh", "-c", "echo 'listed 0 ka'; sleep 0.2; exit 3"}}, 60);
    w.hand_out({{0, "zero"}});
    const auto start = Clock::now();
    EXPECT_FALSE(w.wait_built(0, "ka"));
    EXPECT_LT(seconds_since(start), 20);
    EXPECT_FALSE(w.running());
    w.finish();
    EXPECT_EQ(w.failures(), "worker 1 exit status 3");
}

// A worker held still writes nothing until it is let go: a worker saying "built" every 20 ms
// says so at most a few times over half a second held (what it wrote as the hold came), against
// about 25 times unheld, the planted twin; let go, it says so again (it was held, not dead).
size_t built_over_half_a_second(bool held) {
    BuildWorkers w(
        "/bin/sh",
        {{"sh", "-c", "i=0; while :; do echo \"built 0 k$i\"; i=$((i+1)); sleep 0.02; done"}}, 60);
    w.hand_out({{0, "zero"}});
    EXPECT_TRUE(w.running());
    const size_t before = w.built(0);
    if (held) w.hold();
    usleep(500000);
    w.release();
    (void)w.running(); // reads what was written meanwhile
    const size_t during = w.built(0) - before;
    usleep(300000);
    (void)w.running();
    EXPECT_GE(w.built(0) - before - during, 4u) << "the worker did not go on once let go";
    return during;
}

TEST(BuildWorkers, AHeldWorkerBuildsNothingUntilLetGo) {
    EXPECT_LE(built_over_half_a_second(true), 4u);
}

TEST(BuildWorkers, PlantedWorkerNotHeldGoesOnBuilding) {
    EXPECT_GE(built_over_half_a_second(false), 8u);
}

} // namespace
} // namespace clgauge::test
