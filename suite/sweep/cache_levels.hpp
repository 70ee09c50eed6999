// Levels of the cache sweep's staircase (its cache levels): plateaus where the
// bandwidth holds, and the steps between them, where it falls as the working set outgrows a
// cache. Pure functions of the points, tested on synthetic curves (unit_cache.cpp).
#pragma once
#include <string>
#include <vector>

namespace clgauge::sweep {

struct CacheLevel {
    double value = 0;            // median of the plateau's points
    double from_x = 0, to_x = 0; // its first and last point
    size_t points = 0;
};

struct CacheStep {
    double at_x = 0;         // where the curve crosses the geometric mean of the two levels
    double from = 0, to = 0; // the levels before and after
    bool falls() const { return to < from; }
};

struct CacheLevels {
    std::vector<CacheLevel> levels; // in x order
    std::vector<CacheStep> steps;   // steps[i] lies between levels[i] and levels[i + 1]
    std::string note;
};

// x ascending, y > 0 (points with y <= 0, failed ones, are left out). The curve is smoothed
// by a running median of three (one outlier is no level). A plateau is a run of at least
// `min_points` points within a factor `band` of each other; neighbouring plateaus closer than
// a factor `min_step` are one level.
CacheLevels detect_cache_levels(const std::vector<double>& x, const std::vector<double>& y,
                                double band = 1.25, double min_step = 1.4, size_t min_points = 2);

struct CacheMatch {
    bool found = false;
    double detected = 0; // the step's x
    double ratio = 0;    // detected / expected
    double level = 0;    // the level before the step (what the cache delivers)
    std::string note;
};
// The falling step nearest `expected` (in log x), accepted within a factor `max_ratio` of it.
CacheMatch match_falling_step(const CacheLevels& l, double expected, double max_ratio = 4);

} // namespace clgauge::sweep
