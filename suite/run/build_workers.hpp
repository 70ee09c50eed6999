// Programs compiled in other processes while this one measures. A GPU driver may compile one
// program at a time per process (NVIDIA's, driver 580.159.04: a cold table's programs took 36 s
// one at a time, 19-20 s in 16 processes), and a run that waited for all of them before its
// first benchmark spent those seconds doing nothing else. Build workers (`clgauge --build-only
// --build-part K/N`) each compile a share of the run's programs into the driver's program cache
// and say which, and when each is done; a benchmark then waits only for its own programs, whose
// builds here are cache hits.
#pragma once
#include "core/program_cache.hpp"
#include "types/run_options.hpp"

#include <chrono>
#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <sys/types.h>
#include <vector>

namespace clgauge {

// The notices a build worker writes to its standard output, one a line: "plan KEY" for each
// program of its share, "plan-end", then "built KEY" as each build ends (failed or not). Other
// lines are ignored. A BuildProgress for build_discovered that writes them to `out` (flushed
// per line, safe from several building threads).
BuildProgress build_notices(std::ostream& out);

// How many build workers a table run starts: RunOptions::build_workers where set, else
// one per build thread, at most 16, on a GPU, and none on another device, whose driver builds
// in this process's threads (RunOptions::build_threads).
unsigned build_worker_count(bool gpu, const RunOptions& opts);

// The argument lists of `parts` workers on device `device_index`, each ending with `extra`
// (the run's selection: --only, --path, ...).
std::vector<std::vector<std::string>> build_worker_arguments(size_t device_index, unsigned parts,
                                                             const std::vector<std::string>& extra);

class BuildWorkers {
  public:
    // Starts `program` once per argument list (argv[0] included), each with its standard output
    // read here and its standard error dropped. After `timeout_s` seconds the workers still
    // running are killed and nothing more is waited for.
    BuildWorkers(const std::string& program, const std::vector<std::vector<std::string>>& argvs,
                 double timeout_s);
    ~BuildWorkers(); // kills the workers still running, waiting at most 2 s for them
    BuildWorkers(const BuildWorkers&) = delete;
    BuildWorkers& operator=(const BuildWorkers&) = delete;

    // Returns once no running worker still has `key` to build: built, or its worker gone.
    void await(const std::string& key);
    // Returns once every worker's output has ended (or the deadline passed) and the workers
    // have exited (or a few seconds passed).
    void finish();
    // Kills the workers without waiting for them: the device hung, and they may hang with it.
    void abandon();

    size_t started() const { return started_; }
    // await() calls for programs a worker had announced (the run's builds they served).
    size_t answered() const { return answered_; }
    size_t built() const { return built_; }             // "built" notices read so far
    size_t pending() const { return to_build_.size(); } // announced, not yet built

  private:
    struct Worker {
        pid_t pid = -1;
        int fd = -1;
        std::string pending; // an unfinished line
        bool planned = false;
    };
    // Reads what the workers wrote, waiting at most `wait_ms` for some; ends the workers whose
    // output ended, and stops all of them once the deadline is past. False: none is running.
    bool read_notices(int wait_ms);
    void take_line(size_t worker, const std::string& line);
    void end(Worker& w); // its output ended: it is no longer waited for
    void reap(Worker& w, std::chrono::steady_clock::time_point until);
    void stop_all(); // abandon(), then each reaped for up to 2 s
    bool all_planned() const;

    std::vector<Worker> workers_;
    std::map<std::string, size_t> to_build_; // key -> the worker that announced it
    std::set<std::string> announced_;        // every key a worker announced
    std::chrono::steady_clock::time_point deadline_;
    size_t started_ = 0;
    size_t built_ = 0;
    size_t answered_ = 0;
};

} // namespace clgauge
