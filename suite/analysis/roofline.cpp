#include "analysis/roofline.hpp"

#include "report/format.hpp"
#include "sweep/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace clgauge::analysis {

namespace {
// The memory roof is the device memory's: the global-memory families (mem.*, stream.*), not
// local memory, the caches, images or host transfers, which would put a 33 TB/s on-chip rate
// over a DRAM roofline.
bool device_memory(const std::string& id) {
    return id.starts_with("mem.") || id.starts_with("stream.");
}
} // namespace

std::vector<Roofline> rooflines_from_report(const nlohmann::json& report) {
    if (!report.is_object() || report.value("schema", "") != "clgauge.report" ||
        !report.contains("devices") || !report["devices"].is_array())
        throw std::runtime_error("not a clgauge.report JSON file (clgauge --json FILE writes one)");
    std::vector<Roofline> out;
    for (const auto& d : report["devices"]) {
        Roofline r;
        r.device = d.at("device").value("name", "device");
        for (const auto& m : d.value("metrics", nlohmann::json::array())) {
            if (m.value("status", "") != "ok") continue;
            const double rate = m.value("rate", 0.0);
            const std::string unit = m.value("unit", "");
            const Ceiling c{m.value("id", ""), unit, rate};
            if (!(rate > 0)) continue;
            if (unit == "FLOP/s" || unit == "OP/s")
                r.compute.push_back(c);
            else if (unit == "B/s" && device_memory(c.id) && rate > r.memory.rate)
                r.memory = c;
        }
        std::sort(r.compute.begin(), r.compute.end(),
                  [](const Ceiling& a, const Ceiling& b) { return a.rate > b.rate; });
        out.push_back(std::move(r));
    }
    return out;
}

namespace {
std::string si(double v, const std::string& unit) {
    const char* prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    while (v >= 1000 && i < 5) {
        v /= 1000;
        ++i;
    }
    char b[64];
    std::snprintf(b, sizeof b, "%.3g %s%s", v, prefixes[i], unit.c_str());
    return b;
}
std::string g3(double v) {
    return format_significant(v, 3);
}
std::string num(double v) {
    return format_significant(v, 9);
}
} // namespace

std::string roofline_gnuplot(const Roofline& r, const std::string& png_name) {
    using sweep::gp_quote;
    std::ostringstream os;
    os << "# clgauge roofline of " << r.device << ": gnuplot this file to redraw " << png_name
       << "\n";
    os << "set terminal pngcairo size 1100,700 noenhanced font 'DejaVu Sans,11'\n";
    os << "set output " << gp_quote(png_name) << "\n";
    os << "set title " << gp_quote("Roofline of " + r.device + " (measured peaks)") << "\n";
    os << "set xlabel 'arithmetic intensity [operations per byte of memory traffic]'\n";
    os << "set ylabel 'attainable rate [operations/s]'\n";
    os << "set logscale xy 2\nset logscale y 10\nset grid\nset key off\nset samples 2000\n";
    os << "set format y '%.0s%c'\nset format x '%.3g'\n";
    const double bw = r.memory.rate;
    double lo = 1.0 / 16, hi = 256;
    if (bw > 0 && !r.compute.empty()) {
        lo = std::pow(2, std::floor(std::log2(r.compute.back().rate / bw)) - 4);
        hi = std::pow(2, std::ceil(std::log2(r.compute.front().rate / bw)) + 7);
    }
    os << "set xrange [" << num(lo) << ":" << num(hi) << "]\n";
    const double ymax = r.compute.empty() ? bw * hi : r.compute.front().rate * 3;
    const double ymin = bw > 0 ? bw * lo / 2 : (r.compute.empty() ? 1 : r.compute.back().rate / 8);
    os << "set yrange [" << num(ymin) << ":" << num(ymax) << "]\n";
    std::vector<std::string> plots;
    int label = 0;
    // Ceilings within 25% of each other share one label (highest first), so names stay legible.
    for (size_t i = 0; i < r.compute.size();) {
        size_t j = i;
        std::string text;
        while (j < r.compute.size() && r.compute[j].rate >= r.compute[i].rate / 1.25) {
            const Ceiling& c = r.compute[j];
            const std::string f = "c" + std::to_string(j);
            if (bw > 0)
                os << f << "(x) = (" << num(bw) << " * x < " << num(c.rate) << ") ? " << num(bw)
                   << " * x : " << num(c.rate) << "\n";
            else
                os << f << "(x) = " << num(c.rate) << "\n";
            plots.push_back(f + "(x) lw 2 lc " + std::to_string(j % 8 + 1));
            text += (j > i ? ",  " : "") + c.id + " " + si(c.rate, c.unit);
            ++j;
        }
        const double top = r.compute[i].rate;
        os << "set label " << ++label << " " << gp_quote(text) << " at " << num(hi) << ", "
           << num(top) << " right offset -0.5,0.6 font ',9'\n";
        if (bw > 0)
            os << "set label " << ++label << " " << gp_quote("ridge " + g3(top / bw) + " op/B")
               << " at " << num(top / bw) << ", " << num(top)
               << " left offset 0.5,-0.8 font ',8' textcolor rgb 'gray40'\n";
        i = j;
    }
    if (bw > 0) {
        // Label the memory roof along its slope, in the lower left.
        const double x = lo * 2;
        os << "set label " << ++label << " " << gp_quote(r.memory.id + "  " + si(bw, "B/s"))
           << " at " << num(x) << ", " << num(bw * x)
           << " left offset 0,1.8 rotate by 30 font ',9'\n";
        if (r.compute.empty()) plots.push_back(num(bw) + " * x lw 2");
    }
    if (plots.empty()) plots.push_back("1/0");
    os << "plot ";
    for (size_t i = 0; i < plots.size(); ++i)
        os << (i ? ", \\\n     " : "") << plots[i];
    os << "\n";
    return os.str();
}

} // namespace clgauge::analysis
