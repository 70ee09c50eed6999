#include "measure/clock_check.hpp"

#include "base/number_text.hpp"
#include "measure/timing.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace clgauge {
namespace {

double median_of(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

std::optional<std::string> device_clock_problem(const std::vector<ClockSample>& launches) {
    if (launches.empty()) return std::nullopt;
    std::vector<double> device, host;
    for (const auto& l : launches) {
        device.push_back(double(static_cast<int64_t>(l.end - l.start)) * 1e-9);
        host.push_back(l.host_end - l.host_begin);
    }
    const double d = median_of(device), h = median_of(host);
    if (d < h * kFarBelowHost)
        return "the device's profiling clock says a launch took " + seconds_text(d) +
               ", the host waited " + seconds_text(h) + " for it";
    if (launches.size() >= 2) {
        const ClockSample& first = launches.front();
        const ClockSample& last = launches.back();
        // The first launch ended before the host saw it end, the last began after the host
        // enqueued it: a clock that runs must have advanced at least the time between.
        const double host_gap = last.host_begin - first.host_end;
        const double device_gap = double(static_cast<int64_t>(last.start - first.end)) * 1e-9;
        if (host_gap >= kLeastJudgedGap && device_gap < 0.5 * host_gap)
            return "the device's profiling clock advanced " + seconds_text(device_gap) +
                   " between two launches the host saw " + seconds_text(host_gap) + " apart";
    }
    return std::nullopt;
}

std::optional<std::string> growth_problem(double device_first, double host_first,
                                          double device_last, double host_last) {
    if (host_first <= 0 || host_last < 8 * host_first || device_last >= 2 * device_first)
        return std::nullopt;
    return "the device's profiling clock did not follow the work: calibration made a launch " +
           seconds_text(host_first) + " -> " + seconds_text(host_last) + " on the host clock, " +
           seconds_text(device_first) + " -> " + seconds_text(device_last) + " on the device's";
}

void check_figure_clock(Timings& t) {
    if (t.clock == TimerSource::Host || t.host.count() == 0) return;
    if (t.device.median < t.host.median * kFarBelowHost)
        time_with_host_clock(t, "the device's profiling clock says a launch took " +
                                    seconds_text(t.device.median) + ", the host waited " +
                                    seconds_text(t.host.median) + " for it");
}

void time_with_host_clock(Timings& t, const std::string& why) {
    if (t.clock == TimerSource::Host) return;
    t.clock = TimerSource::Host;
    t.clock_note = why;
    t.device = t.host;
    // The stages before START come from the same stamps: they measure nothing either.
    t.queued_to_submit = {};
    t.submit_to_start = {};
}

} // namespace clgauge
