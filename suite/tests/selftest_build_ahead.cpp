// label selftest: programs built ahead of a run (run_all's build_ahead, RunOptions::
// build_threads) give the run what building on demand gives it: the same verdicts and the same
// code, and a kernel that does not compile is still reported by its own benchmark, with its log.
// Build workers (process/build_workers.hpp) plan the programs the run then asks for, and a table
// run with workers verifies as one without; an entry put off while a worker compiles its program
// (BuildPending) is measured after the others, and the report keeps the selection's order.
#include "baseline_selftest_fixture.hpp"
#include "device_fixture.hpp"
#include "fake_background.hpp"
#include "process/build_workers.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <set>

namespace clgauge::test {
namespace {

// A run of the two entries in conformance mode in a session of its own, whose program cache
// holds nothing yet: every program is compiled by the device for this run.
DeviceReport run_fresh(unsigned build_threads, const std::string& broken_kernel = "") {
    RunOptions opts = run_options_from_env(Mode::Conformance);
    opts.build.threads = build_threads;
    if (!broken_kernel.empty())
        opts.test.mutate_source = [=](std::string text) {
            if (const auto p = text.find("kernel void " + broken_kernel); p != std::string::npos)
                text.insert(p, "#error planted in " + broken_kernel + "\n");
            return text;
        };
    Session fresh(device_session().entry);
    return run_all(fresh, select_benchmarks("fp32.fma,int32.mad"), opts);
}

// The fingerprints are compared where two compiles of one source in one process give one binary
// (PoCL, NVIDIA); Intel's CPU runtime gives another binary for each compile in a process
// (the same one across processes), which a second on-demand run shows.
TEST(BuildAhead, SameVerdictsAndCodeAsBuildingOnDemand) {
    const DeviceReport on_demand = run_fresh(0);
    const DeviceReport again = run_fresh(0);
    const DeviceReport ahead = run_fresh(2);
    ASSERT_EQ(on_demand.results.size(), 2u);
    ASSERT_EQ(again.results.size(), 2u);
    ASSERT_EQ(ahead.results.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        const Measurement& a = ahead.results[i].measurement;
        const Measurement& d = on_demand.results[i].measurement;
        const std::string& id = ahead.results[i].benchmark->id;
        EXPECT_EQ(a.status, Status::Ok) << id << ": " << a.reason;
        EXPECT_EQ(d.status, Status::Ok) << id << ": " << d.reason;
        EXPECT_TRUE(a.code.known()) << id << ": a program built ahead carries no fingerprint";
        EXPECT_EQ(a.code.kernels.size(), d.code.kernels.size()) << id;
        if (again.results[i].measurement.code.fingerprint == d.code.fingerprint)
            EXPECT_EQ(a.code.fingerprint, d.code.fingerprint) << id;
        else
            std::cout << id << ": two compiles in one process gave two binaries on this device; "
                      << "fingerprints not compared\n";
    }
}

TEST(BuildAhead, AKernelThatDoesNotCompileIsReportedByItsBenchmark) {
    const DeviceReport r = run_fresh(2, "int32_mad");
    std::map<std::string, const Measurement*> by_id;
    for (const auto& x : r.results)
        by_id[x.benchmark->id] = &x.measurement;
    ASSERT_EQ(by_id.size(), 2u);
    const Measurement& broken = *by_id["int32.mad"];
    EXPECT_EQ(broken.status, Status::BuildFailed) << broken.reason;
    EXPECT_NE(broken.build_log.find("planted in int32_mad"), std::string::npos)
        << "the compiler's log must come with the failure: " << broken.build_log;
    EXPECT_EQ(by_id["fp32.fma"]->status, Status::Ok) << by_id["fp32.fma"]->reason;
}

// A worker announces the programs it built by key, and the run counts its builds by the same
// keys. A worker whose keys the run never asks for would compile programs no benchmark uses,
// and leave every benchmark to compile its own a second time.
TEST(BuildAhead, WorkersBuildTheProgramsTheRunAsksFor) {
    const RunOptions opts = run_options_from_env(Mode::Conformance);
    const auto selection = select_benchmarks("fp32.fma,int32.mad,mem.coalesced.read");
    std::set<std::string> built;
    {
        Session worker(device_session().entry);
        BuildProgress progress;
        size_t drawn = 0;
        // A queue's worth of indices, most past the three programs (passed over), then none.
        progress.next = [&]() -> std::optional<size_t> {
            return drawn < 16 ? std::optional<size_t>(drawn++) : std::nullopt;
        };
        progress.done = [&](const std::string& key) { built.insert(key); };
        build_ahead(worker, selection, opts, 1, {}, progress);
    }
    Session run(device_session().entry);
    std::set<std::string> asked;
    run.programs.set_build_observer([&](const std::string& key) { asked.insert(key); });
    const DeviceReport r = run_all(run, selection, opts);
    ASSERT_EQ(built.size(), 3u) << "one first program for each of the three entries";
    for (const auto& key : built)
        EXPECT_TRUE(asked.count(key)) << "the run never asked for the built program " << key;
    for (const auto& x : r.results)
        EXPECT_EQ(x.measurement.status, Status::Ok)
            << x.benchmark->id << ": " << x.measurement.reason;
}

// The clgauge table with two build workers forced on the test device (on a GPU they start by
// themselves): every entry verified, and the run's builds of the four entries' first programs
// were the ones the workers announced, with a seed that is not the default (the chain programs
// carry it), so the workers must have been given the run's.
TEST(BuildAhead, AnEntryPutOffForItsProgramIsMeasuredAfterTheOthers) {
    Session run(device_session().entry);
    const auto selection = select_benchmarks("fp32.fma,int32.mad,mem.coalesced.read");
    // The first program asked for is "still being built" once: its entry is put off.
    std::set<std::string> put_off;
    bool first = true;
    run.programs.set_build_observer([&](const std::string& key) {
        if (first) {
            first = false;
            put_off.insert(key);
            throw BuildPending{key};
        }
    });
    std::vector<std::string> measured;
    RunHooks hooks;
    hooks.finished = [&](const Benchmark& b, const Measurement&) { measured.push_back(b.id); };
    const DeviceReport r =
        run_all(run, selection, run_options_from_env(Mode::Conformance), {}, hooks);
    run.programs.set_build_observer({});
    ASSERT_EQ(put_off.size(), 1u);
    EXPECT_EQ(measured, (std::vector<std::string>{"int32.mad", "mem.coalesced.read", "fp32.fma"}))
        << "the entry put off was not measured last";
    ASSERT_EQ(r.results.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(r.results[i].benchmark, selection[i]) << "the report left the selection's order";
        EXPECT_EQ(r.results[i].measurement.status, Status::Ok)
            << selection[i]->id << ": " << r.results[i].measurement.reason;
    }
}

TEST(BuildAhead, TableWithBuildWorkersVerifies) {
    const Output r = run("env CLGAUGE_BUILD_WORKERS=2", kClgauge,
                         "--only 'fp32.fma,int32.mad,mem.coalesced.read,launch.latency' "
                         "--budget-ms 20 --seed 7 --timing");
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("All supported benchmarks verified"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("build workers: 2 processes built 4 programs; the run took 4 of its "
                         "builds from them"),
              std::string::npos)
        << r.out;
}

// The runner holds build workers beside a GPU's run (background work that does not share the
// device) for an entry the host's clock times, and lets them build through a kernel's
// device-timed one: how many times each entry held them.
int holds_for(const std::string& id) {
    test::FakeBackground workers(true, false);
    RunOptions opts = run_options_from_env(Mode::Perf);
    opts.budget.seconds = 0.005;
    const Measurement m = run_benchmark(device_session(), *find_benchmark(id), opts);
    EXPECT_EQ(m.status, Status::Ok) << id << ": " << m.reason;
    EXPECT_FALSE(workers.held) << id << ": the workers were not let go on as the entry ended";
    return workers.holds;
}

TEST(BuildAhead, AHostTimedEntryNeverRunsBesideTheWorkers) {
    EXPECT_GT(holds_for("xfer.h2d.pinned"), 0);
}

TEST(BuildAhead, ADeviceTimedEntryOnAGpuLetsTheWorkersBuild) {
    EXPECT_EQ(holds_for("fp32.fma"), 0);
}

} // namespace
} // namespace clgauge::test
