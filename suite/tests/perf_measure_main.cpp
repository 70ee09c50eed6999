// clgauge_perf_measure: times perf entries on the test device in one process and writes each
// verdict for the perf cases to report (perf_verdicts.hpp). ctest runs one per device
// (perf.measure, or perf.measure.K under resource allocation); together they drain one queue
// (perf_queue.hpp), in the run's own folder (perf_run.hpp): a live run beside it in the same
// tree makes it refuse (exit 1). With --summary it instead prints, once the cases have
// reported, how many cases were judged on each device, and removes the run's folder. It measures
// the entries --only GLOB or CLGAUGE_PERF_ONLY selects, else every entry, while build workers
// compile their programs beside it (process/build_pool.hpp); with --build-only ... it is one
// of those workers.
//
// Exit status: 0 measured (the cases report the verdicts), 77 nothing left to measure or
// nothing judged (a skip), 1 no usable device or another run measuring in the tree, 2 usage.
#include "base/env.hpp"
#include "base/files.hpp"
#include "baseline/match.hpp"
#include "cli/options.hpp"
#include "conduct/conductor.hpp"
#include "device_fixture.hpp"
#include "measure/background_work.hpp"
#include "perf_judge.hpp"
#include "perf_queue.hpp"
#include "perf_run.hpp"
#include "perf_verdicts.hpp"
#include "process/build_pool.hpp"
#include "process/worker_command.hpp"
#include "registry/registry.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <unistd.h>

namespace clgauge::test {
namespace {

constexpr int kSkipped = 77;
#ifdef CLGAUGE_NEEDS_ALLOCATION
constexpr bool kDevicesAtOnce = true; // one perf.measure.K per device, under CTest's allocation
#else
constexpr bool kDevicesAtOnce = false;
#endif
constexpr const char* kCostMemo = "clgauge-perf-costs.json";
constexpr const char* kDeviceSummary = "clgauge-perf-devices.txt";

std::vector<std::string> selected_ids(const std::string& only) {
    std::vector<std::string> ids;
    if (only.empty()) {
        for (const auto& b : registry())
            ids.push_back(b.id);
        return ids;
    }
    for (const Benchmark* b : select_benchmarks(only))
        ids.push_back(b->id);
    if (ids.empty()) throw std::invalid_argument("'" + only + "' matches no perf entry");
    return ids;
}

PerfCosts costs_for(const std::string& device_name) {
    PerfCosts costs = read_perf_costs(kCostMemo, device_name);
    if (costs.empty()) costs = read_perf_costs(baselines_dir() + "/perf-costs.json", device_name);
    return costs;
}

// The share of the build queue this process's workers start with: where several measuring
// processes run on one host (one per GPU), each device's workers compile another part of the
// programs first (process/build_workers.hpp: QueueShare), by its place among the host's devices
// of its name.
QueueShare share_among_twins(const DeviceEntry& device) {
    QueueShare share{0, 0};
    for (const DeviceEntry& d : list_devices()) {
        if (d.facts.name != device.facts.name) continue;
        if (d.index == device.index) share.shard = share.of;
        ++share.of;
    }
    return share;
}

int measure(const std::string& verdicts, const std::string& only) {
    std::string dir;
    try {
        dir = claim_perf_run(verdicts, this_perf_run());
    } catch (const PerfRunBusy& e) {
        std::cerr << "perf measure: " << e.what() << "\n";
        return 1;
    }
    PerfQueue queue(dir + "/queue", perf_verdict_settings());
    if (queue.exhausted()) {
        std::cout << "perf measure: nothing left to measure: the run's other measuring "
                     "processes took every entry\n";
        return kSkipped;
    }
    // The programs are built beside the measuring, by workers started before this process's
    // OpenCL (process/build_workers.hpp says why), each this program in its --build-only mode.
    const auto selection = select_benchmarks(only);
    RunOptions build_opts = run_options_from_env(Mode::Perf);
    // Where every GPU of the host measures at once, each process starts two workers: two GPUs'
    // are the four one GPU's run starts, and more add little, since NVIDIA's cold builds
    // scale no further while each worker costs a process, a context and a discovery on its GPU
    // beside the measuring (docs/run-time.md).
    build_opts.build.threads =
        kDevicesAtOnce ? std::min(build_threads_per_core(), 2u) : build_threads_per_core();
    const std::unique_ptr<BuildWorkers> workers = start_build_workers(selection, build_opts);
    Session* session = nullptr;
    try {
        session = &device_session();
    } catch (const std::exception& e) {
        // Takes no entry: the processes on other devices measure them all.
        std::cerr << "perf measure: " << e.what() << "\n";
        return 1;
    }
    // A stride of its own only where the host's other devices measure at once: alone, the
    // workers keep the queue's plain order, the longest compiles first.
    if (workers)
        build_with_workers(*workers, {session->entry}, build_opts, true,
                           kDevicesAtOnce ? share_among_twins(session->entry) : QueueShare{});
    BuildsBeside beside(*session, workers.get(), build_opts);
    const std::string device =
        std::to_string(session->entry.index) + ": " + device_identity(session->facts());
    // Beside the build workers, in the registry's order, which is the order they build in
    // (after the longest compiles); else longest first, for the devices' shares. Where several
    // devices measure at once, the host-timed entries are spread among the others, since one
    // device at a time times them (below); one device alone times them last, when the workers
    // are done, rather than holding the workers still early on.
    std::vector<std::string> order =
        workers ? selected_ids(only)
                : longest_first(selected_ids(only), costs_for(session->facts().name));
    if (kDevicesAtOnce)
        order = spread_out(order, [](const std::string& id) {
            const Benchmark* b = find_benchmark(id);
            return b && b->host_timed;
        });
    PerfVerdictWriter writer(dir, "device-" + std::to_string(session->entry.index) + "-" +
                                      std::to_string(::getpid()));
    std::map<PerfOutcome, int> counts;
    int judged = 0;
    const auto start = std::chrono::steady_clock::now();
    // An entry the host's clock times is timed while no other device's process times one:
    // transfers of several GPUs at once share the host's memory and read slower than the
    // baseline's, recorded one device at a time. The host is claimed from the entry's first
    // timing phase to its end (measure/background_work.hpp: HostClaim), its setup going on beside
    // another's timing; an entry is passed over while another device times one, and left in
    // the queue for whichever process finds the host free.
    const std::string host_lock = dir + "/host-timed.lock";
    std::unique_ptr<FileLock> claimed;
    std::optional<HostClaimScope> one_at_a_time;
    if (kDevicesAtOnce)
        one_at_a_time.emplace(
            HostClaim{.claim = [&] { claimed = std::make_unique<FileLock>(host_lock); },
                      .let_go = [&] { claimed.reset(); }});
    auto next = [&]() -> std::optional<std::string> {
        auto ready = [&](const std::string& id) {
            const Benchmark* b = find_benchmark(id);
            return !kDevicesAtOnce || !b || !b->host_timed || FileLock(host_lock, false).held();
        };
        for (bool declined = true; declined;) {
            if (auto id = queue.next(order, ready, &declined)) return id;
            if (declined) FileLock wait_for_the_host(host_lock); // then asks again
        }
        return std::nullopt;
    };
    // An entry whose program a worker is still compiling is put off (BuildPending, once per
    // program) and measured once the program is built, or last, waiting then: a cold run
    // measures the rest meanwhile rather than wait for one long compile.
    PutOffEntries put_off;
    size_t times_put_off = 0;
    auto measure_entry = [&](const std::string& id, bool may_put_off) {
        const Benchmark* b = find_benchmark(id);
        if (!b) return; // a queue laid out by another build of the suite
        const auto t0 = std::chrono::steady_clock::now();
        beside.defer_pending(may_put_off);
        PerfVerdict v;
        try {
            v = measure_and_judge(*b);
        } catch (const BuildPending& p) {
            put_off.put_off(id, p.key);
            ++times_put_off;
            return;
        }
        v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (v.device.empty()) v.device = device;
        writer.write(id, v);
        remember_perf_cost(kCostMemo, session->facts().name, id, v.seconds);
        ++counts[v.outcome];
        judged += v.judged ? 1 : 0;
        std::cout << outcome_name(v.outcome) << " " << id << " (" << v.seconds << " s) "
                  << v.message << "\n";
    };
    auto building = [&](const std::string& program) { return beside.pending(program); };
    for (;;) {
        if (auto id = put_off.built(building)) {
            measure_entry(*id, true);
        } else if (auto taken = next()) {
            measure_entry(*taken, true);
        } else {
            break;
        }
    }
    const size_t waited_for = put_off.size();
    while (const auto id = put_off.next_left())
        measure_entry(*id, false);
    const double total =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int taken =
        counts[PerfOutcome::Pass] + counts[PerfOutcome::Fail] + counts[PerfOutcome::Skip];
    std::cout << "perf measure: device " << device << ": " << taken << " entries in " << total
              << " s, " << judged << " judged against the baseline (" << counts[PerfOutcome::Pass]
              << " pass, " << counts[PerfOutcome::Fail] << " fail, " << counts[PerfOutcome::Skip]
              << " skip)\n";
    if (const std::string line = beside.line(); !line.empty())
        std::cout << line << "; entries put off " << times_put_off << " times for a program "
                  << "a worker was compiling, " << waited_for << " of them measured last\n";
    return taken == 0 ? kSkipped : 0;
}

int summarize(const std::string& verdict_dir) {
    const std::string dir = perf_run_dir(verdict_dir, this_perf_run());
    const auto verdicts = read_perf_verdicts(dir);
    std::map<std::string, std::pair<int, int>> per_device; // device -> judged, cases
    for (const auto& [id, v] : verdicts) {
        auto& [judged, cases] = per_device[v.device.empty() ? "unknown device" : v.device];
        judged += v.judged ? 1 : 0;
        ++cases;
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec); // this run's alone: a run beside it keeps its own
    std::filesystem::remove(kDeviceSummary, ec);
    if (per_device.empty()) {
        std::cout << "perf devices: no perf case was measured ahead\n";
        return kSkipped;
    }
    std::string line = "perf devices:";
    int total = 0;
    const char* separator = " ";
    for (const auto& [device, n] : per_device) {
        line += separator + device + ": " + std::to_string(n.first) + " of " +
                std::to_string(n.second) + " cases judged";
        separator = "; ";
        total += n.first;
    }
    std::cout << line << "\n";
    // Kept for whatever runs ctest to print last (clgauge-suite does).
    write_output_file(kDeviceSummary, line + "\n");
    if (total == 0) {
        std::cout << "no perf case was judged against a baseline\n";
        return kSkipped;
    }
    return 0;
}

} // namespace
} // namespace clgauge::test

int main(int argc, char** argv) {
    using namespace clgauge::test;
    const std::vector<std::string> args(argv + 1, argv + argc);
    // A build worker of a measuring process (start_build_workers runs this program).
    if (!args.empty() && args[0] == clgauge::kBuildOnlyFlag) {
        try {
            (void)clgauge::conduct(clgauge::request_for(clgauge::parse_cli(args)), "");
            return 0;
        } catch (const std::exception& e) {
            std::cerr << "perf measure: build worker: " << e.what() << "\n";
            return 2;
        }
    }
    const std::string dir = perf_verdict_dir();
    const bool summary = args.size() == 1 && args[0] == "--summary";
    const bool only = args.size() == 2 && args[0] == "--only";
    if (dir.empty() || !(args.empty() || summary || only)) {
        std::cerr << "usage: CLGAUGE_PERF_VERDICTS=DIR clgauge_perf_measure [--only GLOB | "
                     "--summary]\n";
        return 2;
    }
    try {
        // CLGAUGE_PERF_ONLY: the entries a ctest run selected with -R, so that its fixture
        // measures those and not every entry.
        return summary ? summarize(dir)
                       : measure(dir, only ? args[1] : clgauge::env_text("CLGAUGE_PERF_ONLY"));
    } catch (const std::exception& e) {
        std::cerr << "perf measure: " << e.what() << "\n";
        return 1;
    }
}
