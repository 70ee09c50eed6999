#include "cli/analysis_cli.hpp"

#include "analysis/roofline.hpp"
#include "core/files.hpp"
#include "core/json_fields.hpp"
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

namespace {
std::vector<const sweep::Sweep*> chosen(const std::vector<std::string>& names) {
    std::vector<const sweep::Sweep*> v;
    for (const auto& n : names) {
        if (n == "all") {
            for (const auto& s : sweep::sweeps())
                v.push_back(&s);
            continue;
        }
        const sweep::Sweep* s = sweep::find_sweep(n);
        if (!s) throw UsageError("unknown sweep '" + n + "' (--list-sweeps lists them)");
        v.push_back(s);
    }
    return v;
}

// "[#######.........] fma 12/40" on a terminal; nothing in logs.
sweep::Progress progress_bar(const std::string& name) {
    if (!isatty(STDERR_FILENO)) return {};
    return [name](size_t done, size_t total, const std::string&) {
        constexpr size_t width = 30;
        const size_t fill = total ? done * width / total : width;
        std::cerr << "\r[" << std::string(fill, '#') << std::string(width - fill, '.') << "] "
                  << name << " " << done << "/" << total << "   " << std::flush;
        if (done == total) std::cerr << "\r" << std::string(width + 40, ' ') << "\r" << std::flush;
    };
}
// One "    a.b = value" line per leaf, numbers to 4 significant digits.
void print_flat(std::ostream& os, const nlohmann::json& j, const std::string& prefix) {
    if (j.is_object()) {
        for (const auto& [k, v] : j.items())
            print_flat(os, v, prefix.empty() ? k : prefix + "." + k);
        return;
    }
    os << "    " << prefix << " = ";
    if (j.is_number_float())
        os << format_significant(j.get<double>(), 4);
    else if (j.is_string())
        os << j.get<std::string>();
    else
        os << j.dump();
    os << "\n";
}

} // namespace

void check_sweep_names(const std::vector<std::string>& names) {
    (void)chosen(names);
}

nlohmann::json run_sweeps_cli(const CliOptions& cli, Session& s, const RunOptions& base,
                              bool& failed, bool& hung) {
    nlohmann::json out = nlohmann::json::array();
    sweep::Settings settings;
    settings.short_mode = cli.sweep_short;
    settings.base = base;
    for (const sweep::Sweep* w : chosen(cli.sweeps)) {
        std::cout << "\nsweep " << w->name << (settings.short_mode ? " (short)" : "") << ": "
                  << w->description << "\n"
                  << std::flush;
        nlohmann::json j;
        try {
            const sweep::Result r = sweep::run_sweep(s, *w, settings, progress_bar(w->name));
            const auto files = sweep::write_sweep_files(r, s.facts().name, cli.out_dir);
            j = sweep::result_to_json(r);
            j["files"] = {{"csv", files.csv}, {"gnuplot", files.script}, {"png", files.png}};
            std::cout << "  points: " << r.plan.xs.size() * r.plan.series.size()
                      << ", failed: " << r.failed << "\n  device facts:\n";
            print_flat(std::cout, r.plan.facts, "");
            std::cout << "  features:\n";
            print_flat(std::cout, r.features, "");
            std::cout << "  wrote " << files.csv << ", " << files.script
                      << (files.png.empty() ? "" : ", " + files.png) << "\n";
            if (!files.warning.empty()) std::cout << "  warning: " << files.warning << "\n";
            if (r.failed) {
                failed = true;
                bool shown = false;
                for (const auto& ser : r.series)
                    for (const auto& p : ser.points)
                        if (p.m.status != Status::Ok && !shown) {
                            std::cout << "  first failed point: " << ser.name << " x=" << p.x
                                      << ": " << status_name(p.m.status) << ": " << p.m.reason
                                      << "\n";
                            shown = true;
                        }
            }
            if (r.timed_out) hung = true;
        } catch (const std::exception& e) {
            std::cout << "  error: " << e.what() << "\n";
            j = {{"name", w->name}, {"error", e.what()}};
            failed = true;
        }
        out.push_back(j);
        if (hung) break;
    }
    return out;
}

int run_roofline_cli(const CliOptions& cli) {
    const nlohmann::json report = parse_json<std::invalid_argument>(
        read_text<std::invalid_argument>(cli.roofline_report), cli.roofline_report);
    std::vector<analysis::Roofline> all;
    try {
        all = analysis::rooflines_from_report(report);
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(cli.roofline_report + ": " + e.what());
    }
    std::filesystem::create_directories(cli.out_dir);
    int code = 0;
    for (size_t i = 0; i < all.size(); ++i) {
        const std::string base = all.size() == 1 ? "roofline" : "roofline-" + std::to_string(i);
        const std::string script = base + ".gp";
        write_output_file((std::filesystem::path(cli.out_dir) / script).string(),
                          analysis::roofline_gnuplot(all[i], base + ".png"));
        std::cout << all[i].device << ": " << all[i].compute.size() << " compute ceilings, memory "
                  << (all[i].memory.rate > 0 ? all[i].memory.id : std::string("none")) << "\n";
        const std::string warning = sweep::run_gnuplot(cli.out_dir, script);
        if (!warning.empty()) {
            std::cout << "warning: " << warning << "\n";
            code = 1;
        } else
            std::cout << "wrote " << (std::filesystem::path(cli.out_dir) / (base + ".png")).string()
                      << "\n";
    }
    return code;
}

} // namespace clgauge
