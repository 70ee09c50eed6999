// A sweep is data: a name, its axes with units, a plan of points for a device,
// a point runner (a registry harness run with a pinned launch), and feature detectors.
#pragma once
#include "run/progress_line.hpp"
#include "types/benchmark.hpp"

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge::sweep {

struct Axis {
    std::string label, unit; // unit as plotted, e.g. "GB/s"
    double scale = 1;        // plotted value = value / scale (CSV and JSON keep SI values)
    bool log = false;
};

// A reference curve drawn beside the measurements, e.g. the theoretical bandwidth.
struct Line {
    std::string name;
    std::vector<double> x, y;
};

// What one device runs: the series, the x values (shared by all series), the reference lines,
// the device facts the features are held against, and parameters the point runner needs.
struct Plan {
    std::vector<std::string> series;
    std::vector<double> xs;
    std::vector<Line> theory;
    nlohmann::json facts = nlohmann::json::object();
    std::map<std::string, double> params;
};

struct Point {
    double x = 0, y = 0; // y: the rate in the y axis's SI unit; 0 when the point failed
    Measurement m;
};

struct Series {
    std::string name;
    std::vector<Point> points;
};

struct Settings {
    bool short_mode = false; // few points, small launches: CI on a CPU device
    RunOptions base;         // budget, seed, timeout
};

// A vertical line on the plot: a device fact (wave multiples, cache size) or a detected feature.
struct Mark {
    double x = 0;
    std::string label;
};

// How a sweep runs and reads its curves: what each sweep file defines.
struct SweepHooks {
    std::function<Plan(Session&, const Settings&)> plan;
    std::function<Point(Session&, const Plan&, const std::string& series, double x,
                        const Settings&)>
        run_point;
    // Features of the measured curves against plan.facts; pure (no device).
    std::function<nlohmann::json(const Plan&, const std::vector<Series>&)> features;
    std::function<std::vector<Mark>(const Plan&, const nlohmann::json& features)> marks;
    // Model lines that need the measurements (a model scaled from a measured point); optional.
    std::function<std::vector<Line>(const Plan&, const std::vector<Series>&)> model_lines;
};

// A sweep: what it shows (name, axes) and its hooks, in that order, e.g.
//   {"cache", "float4 reads ...", {"working set", "bytes", 1, true}, {...}, {plan, point, ...}}
struct Sweep {
    std::string name, description;
    Axis x, y;
    SweepHooks hooks;
};

struct Result {
    const Sweep* sweep = nullptr;
    Plan plan;
    std::vector<Series> series;
    nlohmann::json features;
    size_t failed = 0; // points whose kernel failed or computed wrong
    bool timed_out = false;
};

// Runs every point of the plan through the run's one loop (run/measure_each.hpp): a failed
// point is recorded and the sweep goes on; after a timeout the device may be hung, and the
// rest are not run. `progress` null: no progress line.
Result run_sweep(Session& s, const Sweep& sweep, const Settings& settings,
                 ProgressLine* progress = nullptr);

const std::vector<Sweep>& sweeps();
const Sweep* find_sweep(const std::string& name);

nlohmann::json result_to_json(const Result& r);

// Helpers for sweep definitions.
std::vector<double> x_values(const Series& s);
std::vector<double> y_values(const Series& s);
const Series* find_series(const std::vector<Series>& all, const std::string& name);
// The flat "theoretical (basis)" line across the plan's x range, where the facts have one.
void add_theoretical_line(const Plan& plan, std::vector<Line>& lines);

} // namespace clgauge::sweep
