#include "measure/steady_state.hpp"

#include "base/stats.hpp"

#include <algorithm>

namespace clgauge {

size_t warmup_samples(const std::vector<double>& times) {
    const size_t n = times.size();
    if (n < kWarmupLeastSamples) return 0;
    const Stats later = summarize({times.begin() + std::ptrdiff_t(n / 2), times.end()});
    if (!(later.median > 0)) return 0;
    const double bound =
        std::max(kWarmupDeviations * 1.4826 * later.mad, kWarmupLeastSlower * later.median);
    size_t dropped = 0;
    while (dropped < n / 2 && times[dropped] > later.median + bound)
        ++dropped;
    return dropped;
}

} // namespace clgauge
