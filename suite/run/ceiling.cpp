#include "run/ceiling.hpp"

#include <cstdio>
#include <cstdlib>

namespace clgauge {
namespace {

std::string detail(const Measurement& m, const std::string& key) {
    for (const auto& [k, v] : m.details)
        if (k == key) return v;
    return {};
}

// The report layer's formats sit above this one: a plain figure with its unit.
std::string rate_text(double rate, Unit unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4g %s", rate, unit_name(unit));
    return buf;
}

} // namespace

std::optional<Ceiling> path_ceiling(const Benchmark& b, const Measurement& m, const DeviceFacts& f,
                                    const CoreEstimate& cores) {
    if (b.unit == Unit::BytePerSecond) {
        const std::string peak = detail(m, "peak_Bps");
        if (peak.empty()) return std::nullopt;
        return Ceiling{std::strtod(peak.c_str(), nullptr), detail(m, "peak_basis")};
    }
    if (b.within_fp32_peak && cores.bounds_fp32 && f.clock_mhz > 0)
        return Ceiling{cores.fp32_peak(f), "FP32 FMA peak: " + cores.basis + " x " +
                                               std::to_string(f.compute_units) + " x " +
                                               std::to_string(f.clock_mhz) + " MHz x 2"};
    return std::nullopt;
}

void hold_to_ceiling(const Benchmark& b, const DeviceFacts& f, const CoreEstimate& cores,
                     Measurement& m) {
    if (m.status != Status::Ok || m.time_is_figure) return;
    const auto ceiling = path_ceiling(b, m, f, cores);
    if (!ceiling || ceiling->rate <= 0 || m.rate() <= ceiling->rate * kCeilingMargin) return;
    m.status = Status::VerifyFailed;
    m.reason = rate_text(m.rate(), b.unit) + " is above the path's peak on this device, " +
               rate_text(ceiling->rate, b.unit) + " (" + ceiling->basis +
               "): the timing cannot be right" +
               (m.timings.clock == TimerSource::Host ? "" : " (the device's profiling clock)");
}

} // namespace clgauge
