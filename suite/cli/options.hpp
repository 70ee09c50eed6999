// The clgauge program's command line: a subcommand (clgauge run|check|record|audit|sweep|build|
// compare|list|roofline|resource-spec|drop-recordings|stamp-code ...), each with its own options
// (CLI11), or the same in the flag spellings (clgauge NVIDIA --check: cli/mode_flags.hpp).
#pragma once
#include "baseline/gate.hpp"
#include "baseline/record.hpp"
#include "conduct/request.hpp"
#include "types/run_options.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

enum class Command {
    Run,    // the table
    Check,  // every metric against the device's baseline
    Record, // the device's baseline, measured in rounds
    Audit,  // the work audit of the selection's NVIDIA code
    Sweep,  // parameter sweeps
    Build,  // the selection's programs built, nothing run
    // Files and listings: no device measured.
    Compare,
    List,
    Roofline,
    ResourceSpec,
    DropRecordings,
    StampCode,
};

// What every command that opens devices takes.
struct DeviceSelection {
    std::vector<std::string> devices; // indices or name substrings
    std::string only;                 // glob over benchmark ids
    std::optional<std::string> path;  // force an implementation path
    std::string baselines;            // --baselines DIR
    std::optional<long> budget_ms;
    std::optional<unsigned long> seed;
    std::optional<double> timeout_s;
    bool conformance = false; // run and build: small launches, every output checked
    bool allow_fixed = false; // run and check: a listed failure may pass
};

struct CompareFiles {
    std::string a, b;
    std::optional<double> alpha, min_effect; // min_effect a fraction
};
struct RooflineFiles {
    std::string report, out_dir = "clgauge-out";
};
// Forget `machines`' (comma-separated) recordings of the metrics `only` matches in `file`.
struct DropRecordingsFiles {
    std::string machines, file, only;
};
// Code fingerprints and resources from `report` into the recordings of baseline `file`.
struct StampCodeFiles {
    std::string report, file;
};
enum class Listing { Devices, Benchmarks, Sweeps };

struct CliOptions {
    Command command = Command::Run;
    std::string help; // the help asked for (-h, --help), to print; "": none
    DeviceSelection run;
    // Each mode's own options (conduct/request.hpp); the one `command` names is used.
    TableMode table;
    CheckMode check;
    RecordMode record{kDefaultRecordRounds, kOwnToleranceFloor};
    SweepMode sweep{{}, false, "clgauge-out", ""};
    AuditMode audit;
    BuildOnlyMode build;
    CompareFiles compare;
    RooflineFiles roofline;
    DropRecordingsFiles drop;
    StampCodeFiles stamp;
    std::string resource_spec_file;
    Listing list = Listing::Devices;
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

CliOptions parse_cli(const std::vector<std::string>& args); // throws UsageError
// "a,b,,c" -> {a, b, c}: the items of a comma-separated list (--sweep, --drop-recordings).
std::vector<std::string> split_commas(const std::string& list);
// The whole program's help: the commands, every option, the exit statuses.
const char* usage_text();

// The subcommands' names, in the order the help lists them.
std::vector<std::string> command_names();

// The run's settings: the environment's (types/run_options.hpp), then --budget-ms, --seed and
// --timeout over them.
RunOptions run_options_for(const CliOptions& cli);

// The run on devices the command asks for, as the conductor's mode type (conduct/request.hpp).
RunRequest request_for(const CliOptions& cli);

} // namespace clgauge
