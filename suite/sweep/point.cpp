#include "sweep/point.hpp"

#include "run/runner.hpp"

namespace clgauge::sweep {

RunOptions point_options(const Settings& settings, const PointBudget& budget) {
    RunOptions o = settings.base;
    o.mode = Mode::Perf;
    o.budget.seconds = settings.short_mode ? budget.short_seconds : budget.seconds;
    o.budget.min_reps = settings.short_mode ? 3 : 5;
    o.budget.max_reps = budget.max_reps;
    return o;
}

Point measure_point(Session& s, const Benchmark& b, double x, const RunOptions& o) {
    Point p;
    p.x = x;
    p.m = run_benchmark(s, b, o);
    p.y = p.m.status == Status::Ok ? p.m.rate() : 0;
    return p;
}

} // namespace clgauge::sweep
