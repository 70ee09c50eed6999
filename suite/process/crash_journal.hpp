// Survives a driver that kills the process inside one benchmark (PoCL 5.0 aborts on some
// sub-group launches, a miscompiled kernel can fault in the driver). A supervising process
// that never opens OpenCL runs the work in a child; the child writes every finished result
// to a journal file, and a fatal signal appends which benchmark was running. When a child
// dies that way the supervisor starts another, which takes the journal's results, reports
// the benchmark that crashed as `crashed` and runs the rest. A fresh process, not exec in
// the same one: NVIDIA's driver does not show the GPU again to a process that exec'd
// itself after a crash. A kernel that hangs while the driver blocks (measure/watchdog.hpp) is
// handled the same way: the watchdog records the hang and kills the worker, and the benchmark
// is reported as a timeout. Covers the plain table runs (perf and --conformance), not --check,
// --record or sweeps (there the watchdog ends the run with exit status 4).
#pragma once
#include "run/run_all.hpp"

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clgauge {

// What the journal holds, one JSON object a line: {"result": {device, id, m}} with m in the
// report's form of a measurement (report/measurement_json.hpp), {"table": device}, and the
// crash and hang records. Results by (device index, benchmark id), crashes among them as
// `crashed` measurements, and the devices whose table was printed.
struct JournalContents {
    std::map<std::pair<size_t, std::string>, Measurement> earlier;
    std::vector<size_t> tables;
    std::string last_crash; // "id (SIGNAL)" of the newest crash record
    bool last_hung = false; // that record is a hang the watchdog ended
    size_t crashes = 0;
};

// What earlier workers left in the journal `file` (nothing when it does not exist yet).
JournalContents read_journal(const std::string& file);
// A new journal's path in the temporary directory, unique to this process and moment.
std::string new_journal_file();
// "SIGSEGV", or "signal N".
std::string signal_name(int sig);
// Each crash skips the benchmark that crashed, so a run always ends; this only bounds it.
constexpr size_t kMaxCrashes = 256;

// A worker's view of the journal: what earlier workers recorded, and where this one
// records. Installs the handler that notes a crash while it lives.
class CrashJournal {
  public:
    explicit CrashJournal(const std::string& file); // throws when it cannot be written
    CrashJournal(const CrashJournal&) = delete;
    CrashJournal& operator=(const CrashJournal&) = delete;
    ~CrashJournal();

    RunHooks hooks(size_t device_index);
    // Device tables already printed by an earlier process of this run are not printed again.
    bool table_printed(size_t device_index) const;
    void mark_table_printed(size_t device_index);
    // "clgauge: resumed after ..." for the crash that started this process, if it is one.
    std::string resume_note() const;
    size_t crashes() const { return contents_.crashes; }

  private:
    static void on_hang(const std::string& what, double seconds);
    void append(const nlohmann::json& line);

    std::string file_;
    JournalContents contents_;
    int fd_ = -1;
};

} // namespace clgauge
