#include "cli/mode_flags.hpp"

#include "cli/options.hpp"
#include "process/worker_command.hpp"

#include <algorithm>

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

// Whether any subcommand of `app` has an option `name` that takes a value.
bool takes_value(const CLI::App& app, const std::string& name) {
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        if (const CLI::Option* o = sub->get_option_no_throw(name);
            o && !o->get_positional() && o->get_items_expected_max() > 0)
            return true;
    return false;
}

} // namespace

std::vector<std::string> as_subcommand(const std::vector<std::string>& args, const CLI::App& app) {
    const auto named = [&](const CLI::App* sub) { return sub->get_name() == args[0]; };
    if (!args.empty() && !app.get_subcommands(named).empty()) return args;
    const ModeFlag* mode = nullptr;
    std::vector<std::string> rest, values;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (takes_value(app, a) && i + 1 < args.size()) {
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
