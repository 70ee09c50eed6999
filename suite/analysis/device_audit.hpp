// The work audit on a device (clgauge --audit): each selected entry runs as the table runs it,
// and the program binary the driver built for it (PTX on NVIDIA) is assembled by ptxas, read
// by nvdisasm and held to the entry's claim (work_audit.hpp). Only NVIDIA's binaries can be
// read this way.
#pragma once
#include "analysis/nvidia_assembler.hpp"
#include "analysis/work_audit.hpp"
#include "core/session.hpp"
#include "run/progress_line.hpp"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace clgauge {

struct DeviceAudit {
    std::vector<WorkAudit> rows;
    size_t passed = 0, failed = 0, not_audited = 0;
    size_t assembled = 0;    // entries whose binaries were assembled
    unsigned assemblers = 1; // at most this many at once
    double seconds = 0;      // the audit's wall time, runs and assembly
    bool hung = false;       // a kernel did not finish in time: the rest were not run
};

// Runs and audits `selection` on `session`'s device (an NVIDIA GPU), one entry after another,
// each entry's binaries assembled beside the next entries' runs, at most `assemblers` at once,
// through the run's one loop (run/measure_each.hpp); `progress` null: no progress line.
DeviceAudit audit_device(Session& session, const std::vector<const Benchmark*>& selection,
                         const RunOptions& opts, const NvidiaAssembler& tools,
                         ProgressLine* progress = nullptr, unsigned assemblers = 1);

// One line per entry: verdict, id [path], counted instructions in the loop, executed /
// counted work per work-item and trip, and why.
void print_audit(std::ostream& out, const DeviceAudit& audit);

// {"passed", "failed", "not_audited", "seconds", "assembled", "assemblers", "entries": [{id,
// path, kernel, instruction, what, verdict, in_loop, executed, counted, ratio, reason}]}
nlohmann::json audit_to_json(const DeviceAudit& audit);

} // namespace clgauge
