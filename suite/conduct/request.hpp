// What clgauge is asked to do on devices: one mode, with its own options, over a selection of
// devices and benchmarks under one RunOptions. The command line (cli/) parses into it; the
// conductor (conduct.hpp) carries it out.
#pragma once
#include "types/run_options.hpp"

#include <string>
#include <variant>
#include <vector>

namespace clgauge {

// The table: every selected benchmark timed (or, in RunOptions::mode Conformance, verified at
// a small size) and judged against the device's known-failure list.
struct TableMode {
    std::string json_file, csv_file; // reports ("": none)
    bool timing = false;             // each benchmark's phases and the event-stage analysis
    bool allow_fixed = false;        // a listed failure that now passes is no error
};

// Every selected metric held against the device's baseline.
struct CheckMode {
    std::string json_file; // the verdicts as JSON ("": none)
    bool allow_fixed = false;
};

// The selection measured in rounds and pooled into the device's baseline.
struct RecordMode {
    unsigned rounds = 3;
    double tolerance_floor = 0.01; // baseline/gate.hpp: kOwnToleranceFloor
};

// Parameter sweeps instead of the table.
struct SweepMode {
    std::vector<std::string> names; // sweep names, or "all"
    bool short_mode = false;
    std::string out_dir;   // where the CSV, gnuplot and PNG files go
    std::string json_file; // the sweeps' results as JSON ("": none)
};

// The selection's programs built (on a GPU by build workers), nothing run; `worker`: this
// process is one of a run's build workers, drawing from the queue on its standard input.
struct BuildOnlyMode {
    bool worker = false;
};

// The work audit (analysis/device_audit.hpp): each selected entry run as the table runs it and
// the driver's binary of its timed loop held to the work its figure counts (NVIDIA GPUs).
struct AuditMode {
    std::string json_file; // the audit as JSON, each device's "audit" section ("": none)
};

using DeviceMode =
    std::variant<TableMode, CheckMode, RecordMode, SweepMode, BuildOnlyMode, AuditMode>;

struct RunRequest {
    std::vector<std::string> devices; // indices or name parts; empty: CLGAUGE_DEVICE or default
    std::string only;                 // glob over benchmark ids ("": all)
    std::string baselines;            // the baselines directory ("": the default)
    RunOptions options;
    DeviceMode mode;
};

// The JSON report the request's mode writes ("": none).
inline std::string json_report_file(const RunRequest& r) {
    return std::visit(
        [](const auto& mode) -> std::string {
            if constexpr (requires { mode.json_file; })
                return mode.json_file;
            else
                return "";
        },
        r.mode);
}

// Whether anything the request writes or judges carries the compiled code's identity (a JSON
// report, a baseline's check or recording, the audit): else RunOptions::build.identify_code is off.
inline bool reports_code(const RunRequest& r) {
    return !json_report_file(r).empty() || std::holds_alternative<CheckMode>(r.mode) ||
           std::holds_alternative<RecordMode>(r.mode) || std::holds_alternative<AuditMode>(r.mode);
}

// Whether the request runs the table, which a crashing driver may take down with the process
// (so it runs supervised: process/supervisor.hpp).
inline bool runs_table(const RunRequest& r) {
    return std::holds_alternative<TableMode>(r.mode);
}

// Whether the request's entries run while build workers compile the rest of their programs
// (process/build_pool.hpp: BuildsBeside): the table, the check and the audit, which would
// otherwise compile a cold driver cache one program at a time. A recording's rounds and a
// sweep's points build in the run itself.
inline bool measures_beside_builds(const RunRequest& r) {
    return runs_table(r) || std::holds_alternative<CheckMode>(r.mode) ||
           std::holds_alternative<AuditMode>(r.mode);
}

} // namespace clgauge
