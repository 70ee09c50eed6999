// The run's build pool: its build workers (process/build_workers.hpp) started, handed the
// devices' programs, and a device's measuring run with them going on beside it:
// each program the run asks for is waited for where a worker builds it, and the workers are held
// still while the run times a figure they would share. On a CPU device (its cores are the
// workers') every listed program is left to the workers and every figure holds them; on a GPU
// the run waits only for a program a worker has begun, builds the rest itself (the workers find
// it in the driver's cache when they reach it), and holds the workers only while the host's
// clock times something (a transfer, a launch's latency): a kernel's device-timed figure is
// measured while the other cores compile.
#pragma once
#include "core/device.hpp"
#include "core/session.hpp"
#include "measure/background_work.hpp"
#include "process/build_workers.hpp"
#include "types/benchmark.hpp"
#include "types/run_options.hpp"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clgauge {

// The build workers of a run that builds programs (build_worker_count of them, each this
// program's `--build-only --build-queue` with the run's selection and settings:
// process/worker_command.hpp); started before this process's OpenCL, they wait for
// build_with_workers. Null when none started.
std::unique_ptr<BuildWorkers> start_build_workers(const std::vector<const Benchmark*>& selection,
                                                  const RunOptions& opts);

// Hands the workers the programs of the devices that build with them (builds_with_workers: the
// GPUs, PoCL), in the queue order `share` gives, and waits for them unless a measuring run
// follows, which goes on beside them (BuildsBeside); with no such device they end without
// building.
void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts, bool measuring_follows, QueueShare share = {});

// How a run on a device waits for the workers' builds, and whether it holds them for every
// timing (the device is the host's cores) or only the host's.
struct BesidePolicy {
    BuildWorkers::WaitFor wait = BuildWorkers::WaitFor::Listed;
    bool shares_device = true;
};
BesidePolicy beside_policy(const DeviceFacts& device);

class BuildsBeside {
  public:
    // Without workers, or on a device they do not build for, it does nothing and options()
    // is `opts`.
    BuildsBeside(Session& session, BuildWorkers* workers, const RunOptions& opts);
    ~BuildsBeside();
    BuildsBeside(const BuildsBeside&) = delete;
    BuildsBeside& operator=(const BuildsBeside&) = delete;

    // The run's options: no build-ahead threads of its own where the workers build (or built)
    // its programs and none failed.
    const RunOptions& options() const { return opts_; }
    // For --timing: how many programs the workers built for the device and how many of the
    // run's builds they served; empty without workers.
    std::string line() const;
    // Whether a program the run asks for while a worker builds it throws BuildPending rather
    // than waits, once per program (the second time it is waited for), so that the run's loop
    // measures other entries meanwhile; only where the run waits for begun builds alone (a GPU).
    void defer_pending(bool defer) { defer_ = defer; }
    // Whether a worker is still building `key` for the run's device, or another measuring
    // process's workers build it first and this one's have not reached it.
    bool pending(const std::string& key) const;

  private:
    Session& session_;
    BuildWorkers* workers_ = nullptr;
    RunOptions opts_;
    bool beside_ = false;
    bool defer_ = false;
    std::set<std::string> put_off_; // the programs an entry was put off for
    size_t served_ = 0;
    std::optional<BackgroundWorkScope> background_;
};

} // namespace clgauge
