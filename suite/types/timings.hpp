// A figure's times: what the timing protocol (measure/timing.hpp) hands a Measurement.
#pragma once
#include "base/stats.hpp"

#include <cstddef>
#include <string>

namespace clgauge {

// Which clock gave a figure's times: the device's profiling clock, or the host's where the
// device's was found unusable (measure/clock_check.hpp).
enum class TimerSource { Device, Host };
const char* timer_source_name(TimerSource s); // "device", "host"

struct Timings {
    // The figure's time per launch, seconds: profiling START..END, or the host round trip
    // when `clock` is Host.
    Stats device;
    Stats host; // steady_clock around enqueue .. completion, seconds
    // The stages before START: QUEUED..SUBMIT (host side, until the command is
    // handed to the device) and SUBMIT..START (waiting on the device), seconds.
    Stats queued_to_submit, submit_to_start;
    TimerSource clock = TimerSource::Device;
    std::string clock_note; // why the device's clock was not used (empty when it was)
    // Perf: the leading samples left out as the warm-up (measure/steady_state.hpp); the report's
    // "warmup_dropped".
    size_t warmup_dropped = 0;
};

} // namespace clgauge
