#include "base/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clgauge {
namespace {
double median_of_sorted(const std::vector<double>& v) {
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
} // namespace

Stats summarize(std::vector<double> samples) {
    Stats s;
    s.samples = samples;
    if (samples.empty()) return s;
    std::sort(samples.begin(), samples.end());
    s.min = samples.front();
    s.max = samples.back();
    s.median = median_of_sorted(samples);
    s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    std::vector<double> dev;
    dev.reserve(samples.size());
    for (double x : samples)
        dev.push_back(std::fabs(x - s.median));
    std::sort(dev.begin(), dev.end());
    s.mad = median_of_sorted(dev);
    return s;
}

} // namespace clgauge
