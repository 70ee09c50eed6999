#include "core/steady_state.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge {
namespace {

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

size_t warmup_samples(const std::vector<double>& times) {
    const size_t n = times.size();
    if (n < kWarmupLeastSamples) return 0;
    const std::vector<double> later(times.begin() + std::ptrdiff_t(n / 2), times.end());
    const double steady = median_of(later);
    if (!(steady > 0)) return 0;
    std::vector<double> dev;
    for (double t : later)
        dev.push_back(std::fabs(t - steady));
    const double bound =
        std::max(kWarmupDeviations * 1.4826 * median_of(dev), kWarmupLeastSlower * steady);
    size_t dropped = 0;
    while (dropped < n / 2 && times[dropped] > steady + bound)
        ++dropped;
    return dropped;
}

} // namespace clgauge
