#include "baseline/gate.hpp"

#include "baseline/verdict.hpp"

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

double gate_quantile(Unit u, double declared) {
    if (declared > 0 && declared < 1) return declared;
    return u == Unit::Seconds ? kLatencyQuantile : 0.5;
}

std::string statistic_name(double q) {
    if (q == 0.5) return "median";
    return "p" + std::to_string(int(std::lround(q * 100)));
}

std::optional<double> statistic_quantile(const std::string& name) {
    if (name == "median") return 0.5;
    if (name.size() < 2 || name.size() > 3 || name[0] != 'p' ||
        !std::all_of(name.begin() + 1, name.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const int percent = std::stoi(name.substr(1));
    if (percent < 1 || percent > 99 || name[1] == '0') return std::nullopt;
    return percent / 100.0;
}

double smallest_caught(Unit u, double tolerance) {
    if (u == Unit::Seconds) return tolerance;
    return tolerance < 1 ? tolerance / (1 - tolerance) : HUGE_VAL;
}

} // namespace clgauge
