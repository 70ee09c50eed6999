#include "measure/launch_sizing.hpp"

#include <algorithm>

namespace clgauge {

double calibration_reshape(double device_s, double host_s, const Budget& budget,
                           const LaunchSizing& sizing) {
    const double aim = budget.launch_seconds();
    const double most = 0.8 * budget.most_launch_seconds();
    const double once = std::max(device_s, 1e-7);
    const double paid = std::max(device_s, host_s); // what the budget pays for the launch
    if (paid > most) return sizing.shrink ? aim / paid : 1;
    if (!sizing.grow || sizing.pinned) return 1;
    double factor = once < 0.5 * aim && host_s < aim ? std::clamp(aim / once, 2.0, 1024.0) : 1;
    if (sizing.short_of_floor) {
        const double toward_floor = std::min(sizing.short_of_floor(), most / paid);
        if (toward_floor >= 1.25) factor = std::max(factor, toward_floor);
    }
    return factor;
}

} // namespace clgauge
