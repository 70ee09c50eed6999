#include "cli/stamp_code_cli.hpp"

#include "analysis/stamp_code.hpp"
#include "base/files.hpp"
#include "baseline/schema.hpp"

#include <iostream>
#include <stdexcept>

namespace clgauge {

int run_stamp_code_cli(const CliOptions& cli) {
    const std::string& report = cli.stamp.report;
    const std::string& file = cli.stamp.file;
    const FileLock lock(baseline_lock_path(file)); // held until the file is written
    BaselineFile f = load_baseline(file);
    analysis::StampOutcome o;
    try {
        o = analysis::stamp_code(f, file, analysis::load_report(report));
    } catch (const analysis::ReportFileError& e) {
        throw std::invalid_argument(e.what());
    }
    for (const auto& line : o.stamped)
        std::cout << "  stamped " << line << "\n";
    for (const auto& line : o.skipped)
        std::cout << "  NOT stamped " << line << "\n";
    if (o.stamped.empty()) {
        std::cout << "nothing stamped; " << file << " left as it was\n";
        return 0;
    }
    save_baseline(file, f);
    std::cout << "wrote " << file << " (" << o.stamped.size() << " metrics stamped, "
              << o.skipped.size() << " not)\n";
    return 0;
}

} // namespace clgauge
