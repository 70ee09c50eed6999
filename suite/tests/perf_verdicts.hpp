// The perf cases' verdicts, measured ahead and read by the cases' own processes. Each perf
// case is a process of its own, and starting one (the OpenCL platforms, a context, the
// programs, a calibration) costs about as much as timing the entry. So ctest's perf.measure
// cases (perf_measure_main.cpp: one process per device, several devices at once under
// resource allocation) time the entries and write each one's verdict into the run's folder
// under CLGAUGE_PERF_VERDICTS (perf_run.hpp), one file per measuring process; a perf case that
// finds its verdict in its own run's folder reports it without a device, and one that does
// not measures itself.
#pragma once
#include <map>
#include <string>

namespace clgauge::test {

enum class PerfOutcome { Pass, Fail, Skip };
const char* outcome_name(PerfOutcome o);

struct PerfVerdict {
    PerfOutcome outcome = PerfOutcome::Pass;
    std::string message;      // the verdict line
    std::string measurements; // CTest's <DartMeasurement> tags for a dashboard
    std::string device;       // "1: NVIDIA H200 [PCI 00:06, UUID ...]": where it was judged
    bool judged = false;      // held against a baseline metric (not a skip, not untimed)
    double seconds = 0;       // the wall time measuring it took
};

// The folder from the environment (CLGAUGE_PERF_VERDICTS); empty: none.
std::string perf_verdict_dir();

// The settings verdicts are measured under (baselines, budget, ...): a file written under
// others is not read.
std::string perf_verdict_settings();

// Every verdict in the folder's files measured under perf_verdict_settings(); empty when the
// folder is missing or holds none.
std::map<std::string, PerfVerdict> read_perf_verdicts(const std::string& dir);

// One measuring process's file in the folder, started afresh by the first write.
class PerfVerdictWriter {
  public:
    PerfVerdictWriter(const std::string& dir, const std::string& name);
    void write(const std::string& id, const PerfVerdict& v);

  private:
    std::string path_;
    std::map<std::string, PerfVerdict> written_;
};

} // namespace clgauge::test
