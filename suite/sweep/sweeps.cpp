// The registry of sweeps, the generic point loop, and their JSON form.
#include "run/measure_each.hpp"
#include "sweep/sweep_defs.hpp"

namespace clgauge::sweep {

const std::vector<Sweep>& sweeps() {
    static const std::vector<Sweep> all = [] {
        std::vector<Sweep> v;
        for (auto&& s : memory_sweeps())
            v.push_back(std::move(s));
        for (auto&& s : fma_sweeps())
            v.push_back(std::move(s));
        for (auto&& s : cache_sweeps())
            v.push_back(std::move(s));
        for (auto&& s : chase_sweeps())
            v.push_back(std::move(s));
        for (auto&& s : local_banks_sweeps())
            v.push_back(std::move(s));
        return v;
    }();
    return all;
}

const Sweep* find_sweep(const std::string& name) {
    for (const auto& s : sweeps())
        if (s.name == name) return &s;
    return nullptr;
}

std::vector<double> x_values(const Series& s) {
    std::vector<double> v;
    for (const auto& p : s.points)
        v.push_back(p.x);
    return v;
}

std::vector<double> y_values(const Series& s) {
    std::vector<double> v;
    for (const auto& p : s.points)
        v.push_back(p.y);
    return v;
}

void add_theoretical_line(const Plan& plan, std::vector<Line>& lines) {
    if (!plan.facts.contains("theoretical_Bps")) return;
    const double peak = plan.facts["theoretical_Bps"].get<double>();
    lines.push_back({"theoretical (" + plan.facts["theoretical_basis"].get<std::string>() + ")",
                     {plan.xs.front(), plan.xs.back()},
                     {peak, peak}});
}

const Series* find_series(const std::vector<Series>& all, const std::string& name) {
    for (const auto& s : all)
        if (s.name == name) return &s;
    return nullptr;
}

Result run_sweep(Session& s, const Sweep& sweep, const Settings& settings, ProgressLine* progress) {
    Result r;
    r.sweep = &sweep;
    r.plan = sweep.hooks.plan(s, settings);
    const size_t per_series = r.plan.xs.size();
    for (const auto& name : r.plan.series)
        r.series.push_back({name, std::vector<Point>(per_series)});
    // Position k is point k % per_series of series k / per_series.
    auto point = [&](size_t k) -> Point& {
        return r.series[k / per_series].points[k % per_series];
    };
    EachMeasured loop;
    loop.count = r.series.size() * per_series;
    loop.name = [&](size_t k) { return r.series[k / per_series].name; };
    loop.stage = sweep.name;
    loop.measure = [&](size_t k) {
        Point& p = point(k);
        p = sweep.hooks.run_point(s, r.plan, r.series[k / per_series].name,
                                  r.plan.xs[k % per_series], settings);
        if (p.m.status != Status::Ok) ++r.failed;
        return p.m.status;
    };
    loop.not_run = [&](size_t k) {
        Point& p = point(k);
        p.x = r.plan.xs[k % per_series];
        p.m.status = Status::Error;
        p.m.reason = kNotRunAfterHang;
        ++r.failed;
    };
    r.timed_out = measure_each(loop, progress);
    if (sweep.hooks.model_lines)
        for (auto& l : sweep.hooks.model_lines(r.plan, r.series))
            r.plan.theory.push_back(std::move(l));
    r.features = sweep.hooks.features(r.plan, r.series);
    return r;
}

nlohmann::json result_to_json(const Result& r) {
    nlohmann::json series = nlohmann::json::array();
    for (const auto& s : r.series) {
        nlohmann::json pts = nlohmann::json::array();
        for (const auto& p : s.points)
            pts.push_back({{"x", p.x},
                           {"y", p.y},
                           {"status", status_name(p.m.status)},
                           {"reason", p.m.reason},
                           {"median_s", p.m.timings.device.median},
                           {"global_size", p.m.global_size},
                           {"verified", p.m.verification.passed()}});
        series.push_back({{"name", s.name}, {"points", pts}});
    }
    nlohmann::json theory = nlohmann::json::array();
    for (const auto& l : r.plan.theory)
        theory.push_back({{"name", l.name}, {"x", l.x}, {"y", l.y}});
    const Sweep& w = *r.sweep;
    return {{"name", w.name},
            {"description", w.description},
            {"x", {{"label", w.x.label}, {"unit", w.x.unit}}},
            {"y", {{"label", w.y.label}, {"unit", w.y.unit}, {"scale", w.y.scale}}},
            {"facts", r.plan.facts},
            {"features", r.features},
            {"failed_points", r.failed},
            {"series", series},
            {"theory", theory}};
}

} // namespace clgauge::sweep
