// Programs compiled in other processes while a run measures. A GPU driver may compile one
// program at a time per process (NVIDIA's does: a cold table's programs build about twice as fast
// in several processes as in one; baselines/nvidia/NOTES.md). Build workers (`clgauge --build-only
// --build-queue`) each discover the run's programs as the run does, then build those whose indices
// they draw from one shared queue into the driver's program cache, saying which as each begins
// and ends; the run's own builds of them are then cache hits. The run goes on beside them
// (process/build_pool.hpp): on a CPU device, whose first launches compile too (PoCL makes each
// kernel's work-group function then), it waits for each program they listed until they have
// built it, and holds them still (SIGSTOP) while it times anything, so that no figure shares the
// cores with a compiler; on a GPU it waits only for a program a worker is building, builds what
// they have not reached itself, and holds them only while the host's clock times a figure. The
// workers start before the run touches OpenCL: workers the run spawned (posix_spawn of
// /proc/self/exe) after its NVIDIA context was made did not see the NVIDIA platform, while the same
// command from a shell did. They wait, before their own OpenCL starts, for the queue to name a
// device, and name it back, so that a worker whose device list differs from the run's is a failure,
// not a build for another device.
#pragma once
#include "core/device.hpp"
#include "core/program_cache.hpp"
#include "process/build_queue.hpp"
#include "types/run_options.hpp"

#include <chrono>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <sys/types.h>
#include <vector>

namespace clgauge {

// What a build worker writes to its standard output, one a line, flushed: "device D NAME" as it
// starts on device D (NAME: the device's name, which the run checks against its own list),
// "listed D KEY KEY ..." with the programs it discovered for it, before building any,
// "building D KEY" as each build for it begins and "built D KEY" as it ends (failed or not);
// other lines are ignored. A BuildProgress whose `listed`, `started` and `done` write the last
// three for device `device` to `out` (safe from several threads).
BuildProgress build_notices(std::ostream& out, size_t device);

// The most build workers a run starts by itself. NVIDIA's driver's cold builds hardly scale
// past a few processes (docs/run-time.md has the times), while every worker costs a process
// start, a context and a discovery of the run's programs, which a run whose programs are all
// cached pays for nothing.
constexpr unsigned kMostBuildWorkers = 4;

// How many build workers a run starts: RunOptions::build.workers where set, else one per build
// thread, at most kMostBuildWorkers (RunOptions::build.threads; none for fewer than two).
unsigned build_worker_count(const RunOptions& opts);
// Whether a run has the workers build a device's programs: where its driver keeps what one
// process built for the next (a GPU's program cache; PoCL's kernel cache), and on any device
// where RunOptions::build.workers is set. Intel's CPU runtime keeps nothing: a worker's build
// would be done again by the run.
bool builds_with_workers(const DeviceFacts& device, const RunOptions& opts);

class BuildWorkers {
  public:
    // Starts `program` once per argument list (argv[0] included), all reading one queue on
    // their standard input, each with its standard output read here and its standard error
    // kept for failures(). After `timeout_s` seconds from hand_out() the workers still running
    // are killed and nothing more is waited for.
    BuildWorkers(const std::string& program, const std::vector<std::vector<std::string>>& argvs,
                 double timeout_s);
    ~BuildWorkers(); // kills the workers still running, waiting at most 2 s for them
    BuildWorkers(const BuildWorkers&) = delete;
    BuildWorkers& operator=(const BuildWorkers&) = delete;

    // Queues every program of each of `devices` (index in list_devices() order, and name) and
    // ends the queue; with none, the workers end without building.
    struct Device {
        size_t index;
        std::string name;
    };
    void hand_out(const std::vector<Device>& devices, QueueShare share = {});
    // Ends the queue (if hand_out has not), then returns once every worker's output has ended
    // (or the deadline passed) and the workers have exited (or a few seconds passed).
    void finish();

    // Reads what the workers say until `key` is built for `device`, and says whether it is.
    // WaitFor::Listed: at once false where the workers did not list it (the run builds it),
    // else once it is built or no worker is left to build it (a CPU device's run, which shares
    // the cores with the workers, leaves every listed build to them). WaitFor::Started: only
    // while a worker is building it, false at once where none has begun it (a GPU's run builds
    // what the workers have not reached rather than wait for them). Held workers are let go on
    // first: one of them may be building it.
    enum class WaitFor { Listed, Started };
    bool wait_built(size_t device, const std::string& key, WaitFor which = WaitFor::Listed);
    // Holds the workers still (SIGSTOP), and lets them go on (SIGCONT); the time held moves
    // the deadline.
    void hold();
    void release();
    // Whether some worker has not ended its output: it has programs left to build.
    bool running();
    // Not held, and running().
    bool going() { return !held_ && running(); }

    size_t started() const { return started_; }
    // The workers that failed or were stopped, each with how and the start of its standard
    // error, lines joined by " | " ("worker 3 exit status 2: clgauge: ..."), and those that
    // named a device otherwise than hand_out did; empty when none did. A worker whose output
    // has ended but which has not exited yet is waited for (a few seconds at most) before it
    // is judged: it is tearing down its context, and its exit status says how it ended.
    std::string failures();
    size_t built() const; // distinct programs said to be built, over all devices
    size_t built(size_t device) const;
    bool built(size_t device, const std::string& key) const;
    bool building(size_t device, const std::string& key) const; // begun by a live worker
    // Where another measuring process's workers build it first (its place in the listed order
    // falls in another share's stride: hand_out's QueueShare), and these have not begun it:
    // it is a cache hit once they have built it.
    bool first_built_elsewhere(size_t device, const std::string& key) const;

  private:
    struct Worker {
        pid_t pid = -1;
        int fd = -1;
        std::string pending;      // an unfinished line
        int err_fd = -1;          // its standard error
        int status = 0;           // as waitpid gave it
        bool stopped = false;     // killed here: the deadline passed, or the device hung
        std::string wrong_device; // a device it named otherwise than hand_out
    };
    // Reads what the workers wrote, waiting at most `wait_ms` for some; ends the workers whose
    // output ended, and stops all of them once the deadline is past. False: none is running.
    bool read_notices(int wait_ms);
    void take_line(size_t worker, const std::string& line);
    void end(Worker& w); // its output ended: it is no longer waited for
    void reap(Worker& w, std::chrono::steady_clock::time_point until);
    void abandon();  // kills the workers without waiting for them
    void stop_all(); // abandon(), then each reaped for up to 2 s

    std::vector<Worker> workers_;
    std::map<size_t, std::set<std::string>> built_;  // by device
    std::map<size_t, std::set<std::string>> listed_; // by device: what the first lister listed
    std::map<size_t, std::vector<std::string>> listed_order_; // the same, in the listed order
    QueueShare share_;
    std::map<size_t, std::map<std::string, size_t>> building_; // by device: key -> its worker
    bool held_ = false;
    std::chrono::steady_clock::time_point held_since_;
    std::map<size_t, std::string> names_; // the devices handed out
    int queue_fd_ = -1;                   // the queue's write end, until hand_out()
    double timeout_s_;
    std::chrono::steady_clock::time_point deadline_;
    size_t started_ = 0;
};

} // namespace clgauge
