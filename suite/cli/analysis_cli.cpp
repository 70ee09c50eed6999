#include "cli/analysis_cli.hpp"

#include "conduct/sweep_run.hpp"

#include "analysis/roofline.hpp"
#include "base/files.hpp"
#include "base/json_fields.hpp"
#include "report/format.hpp"
#include "sweep/plot.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace clgauge {

void list_sweeps(std::ostream& os) {
    for (const auto& s : sweep::sweeps())
        os << s.name << "  " << s.description << "\n";
}

void check_sweep_names(const std::vector<std::string>& names) {
    (void)sweeps_named(names);
}

int run_roofline_cli(const CliOptions& cli) {
    const nlohmann::json report = parse_json<std::invalid_argument>(
        read_text<std::invalid_argument>(cli.roofline.report), cli.roofline.report);
    std::vector<analysis::Roofline> all;
    try {
        all = analysis::rooflines_from_report(report);
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(cli.roofline.report + ": " + e.what());
    }
    std::filesystem::create_directories(cli.roofline.out_dir);
    int code = 0;
    for (size_t i = 0; i < all.size(); ++i) {
        const std::string base = all.size() == 1 ? "roofline" : "roofline-" + std::to_string(i);
        const std::string script = base + ".gp";
        write_output_file((std::filesystem::path(cli.roofline.out_dir) / script).string(),
                          analysis::roofline_gnuplot(all[i], base + ".png"));
        std::cout << all[i].device << ": " << all[i].compute.size() << " compute ceilings, memory "
                  << (all[i].memory.rate > 0 ? all[i].memory.id : std::string("none")) << "\n";
        const std::string warning = sweep::run_gnuplot(cli.roofline.out_dir, script);
        if (!warning.empty()) {
            std::cout << "warning: " << warning << "\n";
            code = 1;
        } else
            std::cout << "wrote "
                      << (std::filesystem::path(cli.roofline.out_dir) / (base + ".png")).string()
                      << "\n";
    }
    return code;
}

} // namespace clgauge
