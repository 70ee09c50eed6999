#include "measure/timed_batch.hpp"

#include <algorithm>
#include <chrono>

namespace clgauge {

TimedBatch time_batch(const TimedLaunches& timed, int warmups, int reps) {
    TimedBatch b;
    const auto t0 = std::chrono::steady_clock::now();
    b.timings = timed(warmups, reps);
    b.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double host = warmups * b.timings.host.median;
    for (double x : b.timings.host.samples)
        host += x;
    b.charged_s = std::max(host, b.wall_s);
    b.launches = warmups + int(b.timings.host.count());
    return b;
}

} // namespace clgauge
