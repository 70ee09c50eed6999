// Survives a driver that kills the process inside one benchmark (PoCL 5.0 aborts on some
// sub-group launches, a miscompiled kernel can fault in the driver): every finished result
// goes to a journal file; a fatal signal appends which benchmark was running and executes
// clgauge again with --resume, which takes the journal's results, reports the benchmark
// that crashed as `crashed` and runs the rest. Covers the plain table runs (perf and
// --conformance), not --check, --record or sweeps.
#pragma once
#include "registry/run_all.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clgauge {

// The journal's form of a measurement: everything the reports use, so a resumed run
// reports it exactly as the process that measured it would have.
nlohmann::json measurement_to_journal(const Measurement& m);
Measurement measurement_from_journal(const nlohmann::json& j);

class CrashJournal {
  public:
    // `args`: the command line after the program name. `resume_file` empty: a new journal
    // in the temporary directory; else the journal of the run being resumed.
    CrashJournal(std::vector<std::string> args, const std::string& resume_file);
    CrashJournal(const CrashJournal&) = delete;
    CrashJournal& operator=(const CrashJournal&) = delete;
    ~CrashJournal(); // a run that ends, however it ends, removes its journal

    RunHooks hooks(size_t device_index);
    // Device tables already printed by an earlier process of this run are not printed again.
    bool table_printed(size_t device_index) const;
    void mark_table_printed(size_t device_index);
    // "clgauge: resumed after ..." for the crash that started this process, if it is one.
    std::string resume_note() const;
    const std::string& file() const { return file_; }

  private:
    void append(const nlohmann::json& line);

    std::string file_;
    int fd_ = -1;
    std::map<std::pair<size_t, std::string>, Measurement> earlier_;
    std::vector<size_t> tables_;
    std::string last_crash_;
    size_t crashes_ = 0;
};

} // namespace clgauge
