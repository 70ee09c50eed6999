#include "sweep/cache_levels.hpp"

#include "sweep/features.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge::sweep {

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Run {
    size_t first, last; // indices into the kept points
};
} // namespace

CacheLevels detect_cache_levels(const std::vector<double>& x_in, const std::vector<double>& y_in,
                                double band, double min_step, size_t min_points) {
    CacheLevels out;
    std::vector<double> x, y;
    for (size_t i = 0; i < std::min(x_in.size(), y_in.size()); ++i)
        if (y_in[i] > 0) x.push_back(x_in[i]), y.push_back(y_in[i]);
    if (x.size() < min_points) {
        out.note = "too few points (" + std::to_string(x.size()) + ")";
        return out;
    }
    const std::vector<double> s = median3(y);
    // Greedy runs: extend while the run's largest value is within `band` of its smallest.
    std::vector<Run> runs;
    for (size_t i = 0; i < s.size();) {
        size_t j = i;
        double lo = s[i], hi = s[i];
        while (j + 1 < s.size()) {
            const double l = std::min(lo, s[j + 1]), h = std::max(hi, s[j + 1]);
            if (h > l * band) break;
            lo = l, hi = h, ++j;
        }
        if (j - i + 1 >= min_points) runs.push_back({i, j});
        i = j + 1;
    }
    // Neighbouring plateaus whose levels differ by less than min_step are one level (a slow
    // drift split by the greedy band).
    auto level_of = [&](const Run& r) {
        return median(std::vector<double>(s.begin() + long(r.first), s.begin() + long(r.last) + 1));
    };
    std::vector<Run> merged;
    for (const Run& r : runs) {
        if (!merged.empty()) {
            const double a = level_of(merged.back()), b = level_of(r);
            if (std::max(a, b) < std::min(a, b) * min_step) {
                merged.back().last = r.last;
                continue;
            }
        }
        merged.push_back(r);
    }
    for (const Run& r : merged)
        out.levels.push_back({level_of(r), x[r.first], x[r.last], r.last - r.first + 1});
    // Each step: the first crossing of the two levels' geometric mean after the first level,
    // interpolated in log x and log y.
    for (size_t k = 0; k + 1 < merged.size(); ++k) {
        const double a = out.levels[k].value, b = out.levels[k + 1].value;
        const double mid = std::log(std::sqrt(a * b));
        // Where no pair of points crosses it (the smoothing moved a point), the step lies
        // midway (in log x) between the plateaus.
        CacheStep st{std::sqrt(x[merged[k].last] * x[merged[k + 1].first]), a, b};
        for (size_t i = merged[k].last; i < merged[k + 1].first; ++i) {
            const double l0 = std::log(s[i]), l1 = std::log(s[i + 1]);
            if ((l0 - mid) * (l1 - mid) > 0) continue;
            const double t = l0 == l1 ? 0.5 : (l0 - mid) / (l0 - l1);
            st.at_x = std::exp(std::log(x[i]) + t * (std::log(x[i + 1]) - std::log(x[i])));
            break;
        }
        out.steps.push_back(st);
    }
    out.note =
        std::to_string(out.levels.size()) + " levels of " + std::to_string(x.size()) + " points";
    return out;
}

CacheMatch match_falling_step(const CacheLevels& l, double expected, double max_ratio) {
    CacheMatch m;
    if (expected <= 0) {
        m.note = "no expected size";
        return m;
    }
    double best = 0;
    for (const CacheStep& st : l.steps) {
        if (!st.falls() || st.at_x <= 0) continue;
        const double off = std::fabs(std::log(st.at_x / expected));
        if (m.detected > 0 && off >= best) continue;
        best = off;
        m.detected = st.at_x;
        m.level = st.from;
    }
    if (m.detected <= 0) {
        m.note = "no falling step";
        return m;
    }
    m.ratio = m.detected / expected;
    m.found = m.ratio <= max_ratio && m.ratio >= 1 / max_ratio;
    m.note = m.found ? "the nearest falling step" : "the nearest falling step is too far";
    return m;
}

} // namespace clgauge::sweep
