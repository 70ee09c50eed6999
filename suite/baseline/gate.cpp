#include "baseline/gate.hpp"

#include "baseline/verdict.hpp"
#include "registry/registry.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge {

const char* gate_statistic(Unit u) {
    return u == Unit::Seconds ? "p10" : "median";
}

double quantile(std::vector<double> samples, double q) {
    if (samples.empty()) return 0;
    std::sort(samples.begin(), samples.end());
    const double pos = std::clamp(q, 0.0, 1.0) * double(samples.size() - 1);
    const size_t lo = size_t(std::floor(pos)), hi = std::min(lo + 1, samples.size() - 1);
    return samples[lo] + (pos - double(lo)) * (samples[hi] - samples[lo]);
}

double gate_value(Unit u, const std::vector<double>& samples) {
    return quantile(samples, u == Unit::Seconds ? kLatencyQuantile : 0.5);
}

double sensitivity_target(const std::string& id) {
    return glob_match(kTightRows, id) ? kTightSensitivityTarget : kSensitivityTarget;
}

double pool_tolerance_floor(const std::string& id) {
    return glob_match(kTightRows, id) ? kToleranceFloor : kSensitivityTarget / 2;
}

double smallest_caught(Unit u, double tolerance) {
    if (u == Unit::Seconds) return tolerance;
    return tolerance < 1 ? tolerance / (1 - tolerance) : HUGE_VAL;
}

} // namespace clgauge
