// The perf cases' verdicts, measured in one process and read by the cases' own processes.
// Each perf case is a process of its own, and starting one (the OpenCL platforms, a context)
// took 0.4 s of an H100 run's 0.6-1 s per case. With CLGAUGE_PERF_VERDICTS=FILE and
// CLGAUGE_PERF_VERDICTS_WRITE=1, the test program run over every perf case (ctest's
// perf.measure fixture) writes each case's outcome to FILE and passes; with only
// CLGAUGE_PERF_VERDICTS set, a case that finds its outcome there reports it without a device,
// and one that does not measures itself.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace clgauge::test {

enum class PerfOutcome { Pass, Fail, Skip };

struct PerfVerdict {
    PerfOutcome outcome = PerfOutcome::Pass;
    std::string message;      // the verdict line
    std::string measurements; // CTest's <DartMeasurement> tags for a dashboard
};

// The file and its mode from the environment.
struct PerfVerdictFile {
    std::string path; // empty: none
    bool writing = false;
    // The settings a written file was measured under (device, baselines, budget): a file
    // written under others is not read.
    static std::string settings_now();
};
PerfVerdictFile perf_verdict_file();

// The outcomes in `path` measured under settings_now(); empty when the file is missing, was
// written under other settings, or is not one of these files.
std::map<std::string, PerfVerdict> read_perf_verdicts(const std::string& path);

// Adds (or replaces) one case's outcome and rewrites the file; a process's first call starts
// the file afresh.
void write_perf_verdict(const std::string& path, const std::string& id, const PerfVerdict& v);

} // namespace clgauge::test
