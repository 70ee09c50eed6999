#include "conduct/sweep_run.hpp"

#include "measure/timing.hpp"
#include "report/format.hpp"
#include "run/measure_each.hpp"
#include "sweep/plot.hpp"

#include <iostream>
#include <stdexcept>

namespace clgauge {

std::vector<const sweep::Sweep*> sweeps_named(const std::vector<std::string>& names) {
    std::vector<const sweep::Sweep*> v;
    for (const auto& n : names) {
        if (n == "all") {
            for (const auto& s : sweep::sweeps())
                v.push_back(&s);
            continue;
        }
        const sweep::Sweep* s = sweep::find_sweep(n);
        if (!s) throw std::invalid_argument("unknown sweep '" + n + "' (--list-sweeps lists them)");
        v.push_back(s);
    }
    return v;
}

namespace {
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

nlohmann::json run_sweeps(const SweepMode& mode, Session& s, const RunOptions& base,
                          ProgressLine& progress, bool& failed, bool& hung) {
    nlohmann::json out = nlohmann::json::array();
    sweep::Settings settings;
    settings.short_mode = mode.short_mode;
    settings.base = base;
    for (const sweep::Sweep* w : sweeps_named(mode.names)) {
        if (hung) { // as the one loop does (run/measure_each.hpp): nothing more is launched
            std::cout << "\nsweep " << w->name << ": " << kNotRunAfterHang << "\n";
            out.push_back({{"name", w->name}, {"error", kNotRunAfterHang}});
            continue;
        }
        std::cout << "\nsweep " << w->name << (settings.short_mode ? " (short)" : "") << ": "
                  << w->description << "\n"
                  << std::flush;
        nlohmann::json j;
        try {
            const sweep::Result r = sweep::run_sweep(s, *w, settings, &progress);
            const auto files = sweep::write_sweep_files(r, s.facts().name, mode.out_dir);
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
        } catch (const KernelTimeout& e) { // a launch of the sweep's plan: the device hung
            std::cout << "  error: " << e.what() << "\n";
            j = {{"name", w->name}, {"error", e.what()}, {"status", status_name(Status::Timeout)}};
            failed = hung = true;
        } catch (const std::exception& e) {
            std::cout << "  error: " << e.what() << "\n";
            j = {{"name", w->name}, {"error", e.what()}};
            failed = true;
        }
        out.push_back(j);
    }
    return out;
}

} // namespace clgauge
