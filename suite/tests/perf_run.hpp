// The run a perf verdict belongs to. The perf.measure cases write verdicts that the perf cases
// of the same ctest run report; a verdict from any other run (one that was killed, one in the
// same build tree beside this one, one of another build or driver) is never read as this
// run's. A run is its ctest process: every case is a child of it, and its pid with its start
// time names no other process, before or after. Each run keeps its verdicts and queue in a
// folder of its own under CLGAUGE_PERF_VERDICTS, and the measuring of two live runs in one tree
// is refused, since they would time the same device at once.
#pragma once
#include <stdexcept>
#include <string>
#include <sys/types.h>

namespace clgauge::test {

struct PerfRun {
    std::string id;                     // the folder's name: "ctest-<pid>-<start>" or "named-<...>"
    pid_t owner = 0;                    // the process whose children the run's cases are
    unsigned long long owner_start = 0; // its start time, in clock ticks since boot
};

// This process's run: CLGAUGE_PERF_RUN names one outright (a harness that drives the cases
// itself), else the parent process (ctest) does.
PerfRun this_perf_run();

// The run's folder under the verdict folder `verdicts`.
std::string perf_run_dir(const std::string& verdicts, const PerfRun& run);

// Whether process `pid` still runs and is the one that started at `start`.
bool process_alive(pid_t pid, unsigned long long start);

// Another live run measures in the same verdict folder.
struct PerfRunBusy : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Makes `run`'s folder under `verdicts` and returns it. Under a lock: removes the folders that
// runs which have ended left (a killed run's verdicts), and throws PerfRunBusy, naming the
// other run, when a live run other than this one has a folder there.
std::string claim_perf_run(const std::string& verdicts, const PerfRun& run);

} // namespace clgauge::test
