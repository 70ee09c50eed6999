// Command-line options of the clgauge program.
#pragma once
#include "conduct/request.hpp"
#include "types/run_options.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

struct CliOptions {
    bool help = false, list = false, list_benchmarks = false, conformance = false;
    bool record = false, check = false;    // against the device's baseline
    std::string baselines;                 // --baselines DIR
    bool allow_fixed = false;              // --allow-fixed: a listed failure may pass
    std::optional<unsigned> rounds;        // --rounds N (recording)
    std::optional<double> tolerance_floor; // --tolerance-floor PCT (recording), a fraction
    std::vector<std::string> devices;      // indices or name substrings
    std::string only;                      // glob over benchmark ids
    std::optional<std::string> path;       // force an implementation path
    bool list_sweeps = false;
    std::string json_file, csv_file;
    std::optional<long> budget_ms;
    // --build-queue (with --build-only): a build worker, drawing from the queue on stdin
    bool build_queue = false;
    std::optional<unsigned long> seed;
    std::optional<double> timeout_s;
    std::vector<std::string> sweeps; // --sweep NAME[,NAME] or all
    bool sweep_short = false;        // --sweep-short or CLGAUGE_SWEEP_SHORT=1
    std::string out_dir;             // where sweeps and the roofline write CSV/PNG
    std::string roofline_report;     // --roofline REPORT.json: draw, no device needed
    bool build_only = false;         // --build-only: build the selection's programs and exit
    bool timing = false;             // --timing: event stage breakdown and profiling overhead
    bool audit = false;              // --audit: the work audit of the selection's NVIDIA code
    // --compare A.json B.json: A/B of two reports, no device needed (docs/compare.md)
    std::vector<std::string> compare;
    std::optional<double> alpha;      // --alpha P: significance level of the U test
    std::optional<double> min_effect; // --min-effect PCT, as a fraction
    std::string resource_spec_file;   // --resource-spec FILE: write CTest's spec and exit
    // --drop-recordings MACHINES FILE (with --only GLOB): forget those machines' recordings
    std::vector<std::string> drop_recordings;
    // --stamp-code REPORT FILE: code fingerprints and resources from a report into a baseline
    std::vector<std::string> stamp_code;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

CliOptions parse_cli(const std::vector<std::string>& args); // throws UsageError
// "a,b,,c" -> {a, b, c}: the items of a comma-separated list (--sweep, --drop-recordings).
std::vector<std::string> split_commas(const std::string& list);
const char* usage_text();

// The run's settings: the environment's (types/run_options.hpp), then --budget-ms, --seed and
// --timeout over them.
RunOptions run_options_for(const CliOptions& cli);

// The run on devices the options ask for, as the conductor's mode type (conduct/request.hpp):
// --build-only, --check, --record, --sweep, else the table.
RunRequest request_for(const CliOptions& cli);

} // namespace clgauge
