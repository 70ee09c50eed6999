#include "cli/preflight.hpp"

#include "base/files.hpp"
#include "registry/registry.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

namespace clgauge {

void check_selection(const CliOptions& cli) {
    for (const auto& alt : unmatched_alternatives(cli.run.only))
        throw UsageError("--only '" + cli.run.only + "': '" + alt + "' matches no benchmark");
    if (!cli.run.path) return;
    // Any benchmark's path is accepted: the selected ones without it are reported unsupported,
    // as on a device that lacks it.
    std::vector<std::string> names;
    for (const Benchmark& b : registry())
        for (const auto& p : b.paths)
            if (std::find(names.begin(), names.end(), p.name) == names.end())
                names.push_back(p.name);
    if (std::find(names.begin(), names.end(), *cli.run.path) != names.end()) return;
    std::string known;
    for (const auto& n : names)
        known += (known.empty() ? "" : ", ") + n;
    throw UsageError("--path '" + *cli.run.path + "' is no benchmark's path (" + known + ")");
}

void check_outputs(const RunRequest& request) {
    const auto* table = std::get_if<TableMode>(&request.mode);
    const std::string json = json_report_file(request), csv = table ? table->csv_file : "";
    const std::pair<const char*, const std::string*> outputs[] = {{"--json", &json},
                                                                  {"--csv", &csv}};
    for (const auto& [option, path] : outputs)
        if (!path->empty())
            if (const auto why = output_problem(*path))
                throw std::invalid_argument(std::string(option) + " " + *path + ": " + *why);
}

} // namespace clgauge
