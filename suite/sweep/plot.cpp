#include "sweep/plot.hpp"

#include "base/files.hpp"
#include "report/format.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace clgauge::sweep {

std::string gp_quote(const std::string& text) {
    std::string q = "'";
    for (char c : text)
        q += c == '\'' ? std::string("''") : std::string(1, c);
    return q + "'";
}

namespace {
std::string num(double v) {
    return format_significant(v, 9);
}
std::string csv_text(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}
std::string axis_title(const Axis& a) {
    return a.unit.empty() ? a.label : a.label + " [" + a.unit + "]";
}
} // namespace

std::string sweep_csv(const Result& r, const std::string& device) {
    std::ostringstream os;
    os << "# clgauge sweep " << r.sweep->name << " on " << device << ": y in " << r.sweep->y.label
       << " (SI units: " << (r.sweep->y.unit == "ns" ? "seconds" : "per second") << ")\n";
    os << "series,x,y,median_s,global_size,status,verified\n";
    for (const auto& s : r.series)
        for (const auto& p : s.points)
            os << csv_text(s.name) << "," << num(p.x) << "," << num(p.y) << ","
               << num(p.m.timings.device.median) << "," << p.m.global_size << ","
               << status_name(p.m.status) << "," << (p.m.verification.passed() ? "yes" : "no")
               << "\n";
    for (const auto& l : r.plan.theory)
        for (size_t i = 0; i < l.x.size(); ++i)
            os << csv_text("theory: " + l.name) << "," << num(l.x[i]) << "," << num(l.y[i])
               << ",,,,\n";
    return os.str();
}

std::string sweep_gnuplot(const Result& r, const std::string& device, const std::string& png_name) {
    const Sweep& w = *r.sweep;
    std::ostringstream os;
    os << "# clgauge sweep " << w.name << ": gnuplot " << gp_quote(w.name + ".gp") << " redraws "
       << png_name << "\n";
    os << "set terminal pngcairo size 1100,650 noenhanced font 'DejaVu Sans,11'\n";
    os << "set output " << gp_quote(png_name) << "\n";
    os << "set title " << gp_quote(w.name + " on " + device + ": " + w.description) << "\n";
    os << "set xlabel " << gp_quote(axis_title(w.x)) << "\n";
    os << "set ylabel " << gp_quote(axis_title(w.y)) << "\n";
    os << "set grid\nset key outside bottom center horizontal\nset yrange [0:*]\n";
    if (w.x.log) os << "set logscale x 2\n";
    // A theoretical line far above the measurements (a CPU device's vector peak) would flatten
    // them to the axis: the scale then follows the measurements and the line's key says where
    // it is.
    double measured = 0;
    for (const auto& s : r.series)
        for (const auto& p : s.points)
            measured = std::max(measured, p.y);
    if (w.y.log)
        os << "set logscale y\nset yrange [*:*]\n";
    else if (measured > 0)
        os << "set yrange [0:" << num(measured / w.y.scale * 1.3) << "]\n";
    if (w.x.unit == "bytes") os << "set format x '%.0b %BB'\n";
    std::vector<std::string> plots;
    for (size_t i = 0; i < r.series.size(); ++i) {
        os << "$s" << i << " << EOD\n";
        for (const auto& p : r.series[i].points)
            if (p.y > 0) os << num(p.x / w.x.scale) << " " << num(p.y / w.y.scale) << "\n";
        os << "EOD\n";
        plots.push_back("$s" + std::to_string(i) +
                        " using 1:2 with linespoints pt 7 ps 0.6 lw 2 title " +
                        gp_quote(r.series[i].name));
    }
    for (size_t i = 0; i < r.plan.theory.size(); ++i) {
        const Line& l = r.plan.theory[i];
        os << "$t" << i << " << EOD\n";
        for (size_t k = 0; k < l.x.size(); ++k)
            os << num(l.x[k] / w.x.scale) << " " << num(l.y[k] / w.y.scale) << "\n";
        os << "EOD\n";
        const double top = l.y.empty() ? 0 : *std::max_element(l.y.begin(), l.y.end());
        const bool off = !w.y.log && measured > 0 && top > measured * 1.3;
        char above[64];
        std::snprintf(above, sizeof above, " (above the plot: up to %.4g %s)", top / w.y.scale,
                      w.y.unit.c_str());
        plots.push_back("$t" + std::to_string(i) + " using 1:2 with lines dt 2 lw 2 title " +
                        gp_quote(l.name + (off ? above : "")));
    }
    if (w.hooks.marks) {
        int n = 0;
        for (const auto& m : w.hooks.marks(r.plan, r.features)) {
            const std::string x = num(m.x / w.x.scale);
            os << "set arrow from " << x << ", graph 0 to " << x
               << ", graph 1 nohead dt 3 lc rgb 'gray40'\n";
            // Staggered heights, so labels of nearby marks do not overlap.
            const double at = 0.97 - 0.3 * double(n % 3);
            os << "set label " << ++n << " " << gp_quote(m.label) << " at " << x << ", graph "
               << num(at) << " rotate by 90 right offset -0.8,0 textcolor rgb 'gray30' font ',9'\n";
        }
    }
    os << "plot ";
    for (size_t i = 0; i < plots.size(); ++i)
        os << (i ? ", \\\n     " : "") << plots[i];
    os << "\n";
    return os.str();
}

std::string run_gnuplot(const std::string& dir, const std::string& script_name) {
    if (std::system("command -v gnuplot > /dev/null 2>&1") != 0)
        return "gnuplot not found (Debian: apt-get install gnuplot-nox); the script " +
               script_name + " draws the plot";
    const std::string cmd = "cd " + gp_quote(dir) + " && gnuplot " + gp_quote(script_name) + " > " +
                            gp_quote(script_name + ".log") + " 2>&1";
    if (std::system(cmd.c_str()) != 0)
        return "gnuplot failed on " + script_name + "; see " + script_name + ".log";
    std::filesystem::remove(std::filesystem::path(dir) / (script_name + ".log"));
    return "";
}

Written write_sweep_files(const Result& r, const std::string& device, const std::string& dir) {
    std::filesystem::create_directories(dir);
    const std::filesystem::path d(dir);
    const std::string name = r.sweep->name;
    Written w;
    w.csv = (d / (name + ".csv")).string();
    w.script = (d / (name + ".gp")).string();
    write_output_file(w.csv, sweep_csv(r, device));
    write_output_file(w.script, sweep_gnuplot(r, device, name + ".png"));
    w.warning = run_gnuplot(dir, name + ".gp");
    if (w.warning.empty()) w.png = (d / (name + ".png")).string();
    return w;
}

} // namespace clgauge::sweep
