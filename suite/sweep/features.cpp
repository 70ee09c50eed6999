#include "sweep/features.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge::sweep {
namespace {
double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
} // namespace

// Running median of three: a single outlier (a noisy host, one slow launch) is no feature.
std::vector<double> median3(const std::vector<double>& y) {
    std::vector<double> m = y;
    for (size_t i = 1; i + 1 < y.size(); ++i)
        m[i] = std::max(std::min(y[i - 1], y[i]), std::min(std::max(y[i - 1], y[i]), y[i + 1]));
    return m;
}

Bump detect_bump(const std::vector<double>& x, const std::vector<double>& raw, size_t tail,
                 double min_rise) {
    Bump b;
    const std::vector<double> y = median3(raw);
    const size_t n = std::min(x.size(), y.size());
    if (n < tail + 2) {
        b.note = "too few points (" + std::to_string(n) + ")";
        return b;
    }
    b.asymptote = median(std::vector<double>(y.begin() + long(n - tail), y.begin() + long(n)));
    b.note = "asymptote: median of the " + std::to_string(tail) + " largest sizes";
    const size_t p = size_t(std::max_element(y.begin(), y.begin() + long(n)) - y.begin());
    b.peak = y[p];
    b.peak_x = x[p];
    if (!(b.peak > b.asymptote * (1 + min_rise)) || p + tail >= n) {
        // Where one launch of a small working set is dominated by launch overhead (a GPU
        // copies a cache's worth in microseconds), the cache bump is a local maximum below
        // the asymptote: the curve falls for several sizes once the working set leaves the
        // cache, then climbs on as the overhead fades. Accept that shape: a maximum within
        // the upper half of the asymptote, then `kSustain` consecutive sizes at least `kDip`
        // below it.
        constexpr double kDip = 0.05;
        constexpr size_t kSustain = 2;
        for (size_t q = 1; q + kSustain < n - tail + 1; ++q) {
            if (y[q] < 0.5 * b.asymptote || y[q] < y[q - 1] || y[q] < y[q + 1]) continue;
            bool sustained = true;
            for (size_t k = 1; k <= kSustain; ++k)
                sustained = sustained && y[q + k] < y[q] * (1 - kDip);
            if (!sustained) continue;
            size_t e = q + 1;
            while (y[e] >= y[q] * (1 - kDip))
                ++e;
            if (b.found && y[q] <= b.bump_peak) continue;
            b.found = true;
            b.bump_peak = y[q];
            b.bump_peak_x = x[q];
            b.end_x = x[e];
        }
        b.note = b.found ? "local bump: a maximum then a sustained drop of " +
                               std::to_string(int(kDip * 100)) +
                               "% or more (the largest sizes still climb: launch overhead)"
                         : "no bump: the peak is within " + std::to_string(int(min_rise * 100)) +
                               "% of the asymptote or among the largest sizes, and no local "
                               "maximum is followed by a sustained drop";
        return b;
    }
    // The bump ends where the curve last falls through the middle of peak and asymptote
    // (geometric, as bandwidths span decades); interpolated in log(x) between the two points.
    const double mid = std::sqrt(b.peak * b.asymptote);
    size_t i = n - 1;
    while (i > p && y[i] < mid)
        --i;
    if (i == n - 1) {
        b.note = "no bump: the curve never falls below the middle of peak and asymptote";
        return b;
    }
    const double t = (y[i] - mid) / (y[i] - y[i + 1]);
    b.end_x = std::exp(std::log(x[i]) + t * (std::log(x[i + 1]) - std::log(x[i])));
    b.bump_peak = b.peak;
    b.bump_peak_x = b.peak_x;
    b.found = true;
    return b;
}

Sawtooth detect_sawtooth(const std::vector<double>& x, const std::vector<double>& y,
                         double min_drop) {
    Sawtooth s;
    const size_t n = std::min(x.size(), y.size());
    if (n < 4) {
        s.note = "too few points";
        return s;
    }
    std::vector<double> steps;
    for (size_t i = 1; i < n; ++i) {
        steps.push_back(x[i] - x[i - 1]);
        if (y[i] < y[i - 1] * (1 - min_drop)) s.drops.push_back(x[i - 1]);
    }
    const double step = median(steps);
    if (s.drops.empty()) {
        s.note = "no drop larger than " + std::to_string(int(min_drop * 100)) + "%";
        return s;
    }
    // Candidates: each drop divided by a small multiple. A drop is the last point before a
    // boundary, so a period explains it when one of its multiples lies within the next step:
    // 0 <= k * p - d < step. Ties go to the larger period, so a fraction of the period (which
    // explains the same drops) loses.
    auto multiple = [&](double d, double p) {
        const double k = std::ceil(d / p - 1e-9);
        const double gap = k * p - d;
        return (k >= 1 && gap > -1e-9 * p && gap < step * 0.999) ? k : 0.0;
    };
    auto explained = [&](double p) {
        size_t c = 0;
        for (double d : s.drops)
            if (multiple(d, p) > 0) ++c;
        return c;
    };
    double best = 0;
    size_t best_count = 0;
    for (double d : s.drops)
        for (int k = 1; k <= 8; ++k) {
            const double p = d / k;
            if (p < 2 * step) continue;
            const size_t c = explained(p);
            if (c > best_count || (c == best_count && p > best)) {
                best = p;
                best_count = c;
            }
        }
    if (best_count < 2) {
        s.note = "fewer than two drops fit one period";
        return s;
    }
    // Least squares through the origin over the explained drops.
    double num = 0, den = 0;
    for (double d : s.drops)
        if (const double k = multiple(d, best); k > 0) {
            num += k * d;
            den += k * k;
        }
    s.period = num / den;
    s.explained = best_count;
    s.found = true;
    s.note = std::to_string(best_count) + " of " + std::to_string(s.drops.size()) +
             " drops at multiples of the period (resolution: one step of " +
             std::to_string(long(step)) + ")";
    return s;
}

Plateau detect_plateau(const std::vector<double>& x, const std::vector<double>& y, double tol) {
    Plateau p;
    const size_t n = std::min(x.size(), y.size());
    if (n < 2) return p;
    p.level = y[n - 1];
    size_t i = n - 1;
    while (i > 0 && std::fabs(y[i - 1] - p.level) <= tol * p.level)
        --i;
    p.onset_x = x[i];
    p.found = i < n - 1 || n == 1;
    return p;
}

} // namespace clgauge::sweep
