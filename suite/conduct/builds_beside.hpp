// A device's measuring run with the build workers going on beside it (process/build_workers.hpp):
// each program the run asks for is waited for where a worker builds it, and the workers are held
// still while the run times a figure they would share. On a CPU device (its cores are the
// workers') every listed program is left to the workers and every figure holds them; on a GPU
// the run waits only for a program a worker has begun, builds the rest itself (the workers find
// it in the driver's cache when they reach it), and holds the workers only while the host's
// clock times something (a transfer, a launch's latency): a kernel's device-timed figure is
// measured while the other cores compile.
#pragma once
#include "core/background_work.hpp"
#include "core/session.hpp"
#include "process/build_workers.hpp"
#include "types/run_options.hpp"

#include <optional>
#include <string>

namespace clgauge {

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

  private:
    Session& session_;
    BuildWorkers* workers_ = nullptr;
    RunOptions opts_;
    bool beside_ = false;
    size_t served_ = 0;
    std::optional<BackgroundWorkScope> background_;
};

} // namespace clgauge
