#include "cli/mode_flags.hpp"

#include "cli/options.hpp"
#include "process/worker_command.hpp"

#include <algorithm>
#include <set>

namespace clgauge {
namespace {

struct ModeFlag {
    const char* flag;
    const char* subcommand;
    const char* argument; // what the subcommand takes first, where it takes the flag's values
    size_t values;        // the flag's values, which become the subcommand's positionals
};

// clang-format off
const ModeFlag kModeFlags[] = {
    {"--check", "check", "", 0},
    {"--record", "record", "", 0},
    {"--audit", "audit", "", 0},
    {"--sweep", "sweep", "", 1},
    {kBuildOnlyFlag, "build", "", 0},
    {"--compare", "compare", "", 2},
    {"--list", "list", "devices", 0},
    {"--list-benchmarks", "list", "benchmarks", 0},
    {"--list-sweeps", "list", "sweeps", 0},
    {"--roofline", "roofline", "", 1},
    {"--resource-spec", "resource-spec", "", 1},
    {"--drop-recordings", "drop-recordings", "", 2},
    {"--stamp-code", "stamp-code", "", 2},
};
// clang-format on

// The options (of any subcommand) that take a value: their value is never a mode flag.
const std::set<std::string> kTakesValue = {
    "--only", "--path",   "--baselines",       "--budget-ms", "--seed",  "--timeout",   "--json",
    "--csv",  "--rounds", "--tolerance-floor", "--out",       "--alpha", "--min-effect"};

} // namespace

const std::vector<std::string>& subcommand_names() {
    static const std::vector<std::string> names = {
        "run",     "check", "record",   "audit",         "sweep",           "build",
        "compare", "list",  "roofline", "resource-spec", "drop-recordings", "stamp-code"};
    return names;
}

std::vector<std::string> as_subcommand(const std::vector<std::string>& args) {
    const auto& names = subcommand_names();
    if (!args.empty() && std::find(names.begin(), names.end(), args[0]) != names.end()) return args;
    const ModeFlag* mode = nullptr;
    std::vector<std::string> rest, values;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (kTakesValue.count(a) && i + 1 < args.size()) {
            rest.push_back(a);
            rest.push_back(args[++i]);
            continue;
        }
        const auto* f = std::find_if(std::begin(kModeFlags), std::end(kModeFlags),
                                     [&](const ModeFlag& m) { return a == m.flag; });
        if (f == std::end(kModeFlags)) {
            rest.push_back(a);
            continue;
        }
        if (mode) throw UsageError(std::string(mode->flag) + " and " + a + " exclude each other");
        mode = f;
        for (size_t v = 0; v < f->values; ++v) {
            if (i + 1 >= args.size())
                throw UsageError(a + " needs " + std::to_string(f->values) +
                                 (f->values == 1 ? " value" : " values"));
            values.push_back(args[++i]);
        }
    }
    std::vector<std::string> out = {mode ? mode->subcommand : "run"};
    if (mode && *mode->argument) out.push_back(mode->argument);
    out.insert(out.end(), values.begin(), values.end());
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
}

} // namespace clgauge
