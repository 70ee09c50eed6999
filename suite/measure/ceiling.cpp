#include "measure/ceiling.hpp"

#include "base/number_text.hpp"

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

// What one unit of the figure's work is: "FLOP" of FLOP/s.
const char* work_unit(Unit u) {
    switch (u) {
    case Unit::FlopPerSecond:
        return "FLOP";
    case Unit::OpPerSecond:
        return "OP";
    case Unit::BytePerSecond:
        return "B";
    case Unit::Seconds:
        break;
    }
    return "";
}

// The lower of two ceilings: both bound the figure.
std::optional<Ceiling> lower(std::optional<Ceiling> a, std::optional<Ceiling> b) {
    if (!a || a->rate <= 0) return b;
    if (!b || b->rate <= 0) return a;
    return a->rate <= b->rate ? a : b;
}

} // namespace

std::optional<Ceiling> issue_ceiling(const Benchmark& b, const std::string& path,
                                     const DeviceFacts& f) {
    if (!f.is_nvidia() || f.clock_mhz == 0 || f.compute_units == 0) return std::nullopt;
    const CountedInstruction* c = counted_on(b.counted, path);
    if (!c || c->pipe == Pipe::None) return std::nullopt;
    const auto rate = nvidia_issue_rate(f.nv_cc_major, f.nv_cc_minor, c->pipe);
    if (!rate) return std::nullopt;
    return Ceiling{rate->lanes_per_clock * c->work * f.compute_units * f.clock_mhz * 1e6,
                   "peak of the path's " + std::string(pipe_name(c->pipe)) + ": " + rate->basis +
                       " x " + number_text(c->work, "%g") + " " + work_unit(b.unit) + " each (" +
                       c->what + ") x " + std::to_string(f.compute_units) + " SMs x " +
                       std::to_string(f.clock_mhz) + " MHz"};
}

std::optional<Ceiling> path_ceiling(const Benchmark& b, const Measurement& m, const DeviceFacts& f,
                                    const CoreEstimate& cores) {
    std::optional<Ceiling> c = issue_ceiling(b, m.path, f);
    if (b.unit == Unit::BytePerSecond) {
        const std::string peak = detail(m, "peak_Bps");
        if (!peak.empty())
            c = lower(c, Ceiling{std::strtod(peak.c_str(), nullptr), detail(m, "peak_basis")});
    } else if (b.within_fp32_peak && cores.bounds_fp32 && cores.clock_mhz(f) > 0) {
        // The host's basis names its units and clock already.
        const std::string basis = cores.host_units > 0
                                      ? cores.basis
                                      : cores.basis + " x " + std::to_string(f.compute_units) +
                                            " x " + std::to_string(f.clock_mhz) + " MHz";
        c = lower(c, Ceiling{cores.fp32_peak(f), "FP32 FMA peak: " + basis + " x 2"});
    }
    return c;
}

bool hold_to_ceiling(const Benchmark& b, const DeviceFacts& f, const CoreEstimate& cores,
                     Measurement& m) {
    if (m.status != Status::Ok || m.time_is_figure) return false;
    const auto ceiling = path_ceiling(b, m, f, cores);
    const double rate = m.rate();
    if (!ceiling || ceiling->rate <= 0 || rate <= ceiling->rate * kCeilingMargin) return false;
    m.status = Status::VerifyFailed;
    m.reason = rate_text(rate, b.unit) + " is above the path's peak on this device, " +
               rate_text(ceiling->rate, b.unit) + " (" + ceiling->basis +
               "): the timing cannot be right" +
               (m.timings.clock == TimerSource::Host ? "" : " (the device's profiling clock)");
    return true;
}

Measurement measure_within_ceiling(const Benchmark& b, const DeviceFacts& f,
                                   const CoreEstimate& cores,
                                   const std::function<Measurement()>& measure) {
    Measurement first = measure();
    if (!hold_to_ceiling(b, f, cores, first)) return first;
    Measurement again = measure();
    if (hold_to_ceiling(b, f, cores, again)) {
        again.reason += "; measured twice, the first time " + first.reason;
        return again;
    }
    again.details.push_back({"remeasured", "the first figure was above the peak: " + first.reason});
    return again;
}

void add_share_of_peak(const MemoryPeak& peak, double bytes_per_second, Measurement& m) {
    if (bytes_per_second <= 0 || peak.bytes_per_second <= 0) return;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", peak.bytes_per_second);
    m.details.push_back({"peak_Bps", buf});
    m.details.push_back({"peak_basis", peak.basis});
    std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * bytes_per_second / peak.bytes_per_second);
    m.details.push_back({"share", buf});
}

} // namespace clgauge
