#include "cli/drop_recordings_cli.hpp"

#include "base/files.hpp"
#include "baseline/pool.hpp"
#include "baseline/schema.hpp"

#include <iostream>
#include <set>

namespace clgauge {

int run_drop_recordings_cli(const CliOptions& cli) {
    const std::string& machines = cli.drop.machines;
    const std::string& file = cli.drop.file;
    const auto listed = split_commas(machines);
    const std::set<std::string> names(listed.begin(), listed.end());
    if (names.empty()) throw UsageError("--drop-recordings needs machine ids");
    const FileLock lock(baseline_lock_path(file)); // held until the file is written
    BaselineFile f = load_baseline(file);
    const auto changed = drop_recordings(f, names, cli.drop.only);
    for (const auto& line : changed)
        std::cout << line << "\n";
    if (changed.empty()) {
        std::cout << "no recording of those machines among the metrics " << cli.drop.only << "; "
                  << file << " left as it was\n";
        return 0;
    }
    save_baseline(file, f);
    std::cout << "wrote " << file << "\n";
    return 0;
}

} // namespace clgauge
