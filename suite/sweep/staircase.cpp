#include "sweep/staircase.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace clgauge::sweep {
namespace {

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Cuts z into stretches minimizing the squared deviation from each stretch's mean plus
// `penalty` per stretch; returns each stretch's first index.
std::vector<size_t> segment(const std::vector<double>& z, double penalty) {
    const size_t n = z.size();
    std::vector<double> sum(n + 1, 0), sq(n + 1, 0);
    for (size_t i = 0; i < n; ++i) {
        sum[i + 1] = sum[i] + z[i];
        sq[i + 1] = sq[i] + z[i] * z[i];
    }
    auto cost = [&](size_t i, size_t j) { // stretch [i, j)
        const double s = sum[j] - sum[i], m = double(j - i);
        return std::max(0.0, sq[j] - sq[i] - s * s / m);
    };
    std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
    std::vector<size_t> from(n + 1, 0);
    best[0] = 0;
    for (size_t j = 1; j <= n; ++j)
        for (size_t i = 0; i < j; ++i)
            if (const double c = best[i] + cost(i, j) + penalty; c < best[j]) {
                best[j] = c;
                from[j] = i;
            }
    std::vector<size_t> starts;
    for (size_t j = n; j > 0; j = from[j])
        starts.push_back(from[j]);
    std::reverse(starts.begin(), starts.end());
    return starts;
}

} // namespace

Staircase detect_levels(const std::vector<double>& xs, const std::vector<double>& ys,
                        double min_rise, double min_span) {
    Staircase s;
    std::vector<double> x, y, z;
    for (size_t i = 0; i < std::min(xs.size(), ys.size()); ++i)
        if (ys[i] > 0) {
            x.push_back(xs[i]);
            y.push_back(ys[i]);
            z.push_back(std::log(ys[i]));
        }
    if (x.size() < 2) {
        s.note = "too few points (" + std::to_string(x.size()) + ")";
        return s;
    }
    // A stretch costs what two points a step of min_rise apart would save by being split
    // from each other's stretch, halved: smaller steps stay inside a stretch.
    const double step = std::log1p(min_rise);
    const std::vector<size_t> starts = segment(z, 0.5 * step * step);
    std::vector<Level> stretches;
    for (size_t k = 0; k < starts.size(); ++k) {
        Level l;
        l.first = starts[k];
        l.last = (k + 1 < starts.size() ? starts[k + 1] : x.size()) - 1;
        stretches.push_back(l);
    }
    auto finish = [&](Level& l) {
        l.from_x = x[l.first];
        l.to_x = x[l.last];
        l.latency =
            median_of(std::vector<double>(y.begin() + long(l.first), y.begin() + long(l.last) + 1));
    };
    // Stretches of two or more points over min_span are levels; neighbours closer than
    // min_rise are one.
    for (Level& l : stretches) {
        if (l.last == l.first || x[l.last] < x[l.first] * min_span * 0.999) continue;
        finish(l);
        if (!s.levels.empty() && std::fabs(std::log(l.latency / s.levels.back().latency)) < step) {
            s.levels.back().last = l.last;
            finish(s.levels.back());
        } else {
            s.levels.push_back(l);
        }
    }
    s.note = std::to_string(s.levels.size()) +
             " levels of two or more points over a quarter octave, at least " +
             std::to_string(int(min_rise * 100)) + "% apart, from " + std::to_string(x.size()) +
             " points";
    return s;
}

bool name_levels(Staircase& s, double cache, double dram_from) {
    size_t dram = s.levels.size();
    for (size_t i = 1; i < s.levels.size() && dram == s.levels.size(); ++i)
        if (cache > 0 && s.levels[i].from_x >= dram_from * cache) dram = i;
    for (size_t i = 0; i < s.levels.size(); ++i) {
        Level& l = s.levels[i];
        if (i == 0)
            l.name = "L1";
        else if (i < dram)
            l.name = dram - 1 > 1 ? "L2 step " + std::to_string(i) : "L2";
        else
            l.name = i == dram ? "DRAM" : "DRAM, TLB step " + std::to_string(i - dram);
    }
    return dram < s.levels.size();
}

unsigned conflict_ways(unsigned stride, unsigned banks) {
    return std::gcd(stride, banks);
}

BankFit fit_banks(const std::vector<double>& strides, const std::vector<double>& rates,
                  double max_rms_log_error) {
    BankFit f;
    const size_t n = std::min(strides.size(), rates.size());
    double base = 0;
    for (size_t i = 0; i < n; ++i)
        if (strides[i] == 1) base = rates[i];
    if (!(base > 0) || n < 3) {
        f.note = "needs the stride-1 rate and at least three strides";
        return f;
    }
    f.odd_stride_min_ratio = std::numeric_limits<double>::infinity();
    double best = std::numeric_limits<double>::infinity();
    for (unsigned banks = 1; banks <= 64; banks *= 2) {
        double err = 0;
        size_t used = 0;
        for (size_t i = 0; i < n; ++i) {
            if (!(rates[i] > 0)) continue;
            const double ways = base / rates[i];
            const double model = conflict_ways(unsigned(strides[i]), banks);
            err += std::pow(std::log(ways / model), 2);
            ++used;
        }
        err = std::sqrt(err / double(std::max<size_t>(used, 1)));
        if (err < best - 1e-12) {
            best = err;
            f.banks = banks;
        }
    }
    for (size_t i = 0; i < n; ++i)
        if (unsigned(strides[i]) % 2 == 1 && rates[i] > 0)
            f.odd_stride_min_ratio = std::min(f.odd_stride_min_ratio, rates[i] / base);
    f.rms_log_error = best;
    f.found = best <= max_rms_log_error;
    f.note = "rate(1) / rate(s) against gcd(s, banks) for banks 1..64: best " +
             std::to_string(f.banks) + " banks, rms log error " + std::to_string(best) +
             (f.found ? "" : " (no bank count explains the curve)");
    return f;
}

} // namespace clgauge::sweep
