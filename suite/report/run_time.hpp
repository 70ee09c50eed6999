// Where a run's time went (a cold table can take minutes): the whole run's phases as
// one closing line, each benchmark's with --timing, and both in the JSON report.
#pragma once
#include "types/results.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace clgauge {

nlohmann::json phase_times_to_json(const PhaseTimes& t);

// "time: 31.2 s in all: build 4.10 s, calibrate 3.02 s, ..."
void print_run_time(std::ostream& os, const PhaseTimes& whole_run);

// One row per benchmark that ran: its seconds by phase, the slowest first.
void print_benchmark_phases(std::ostream& os, const DeviceReport& report);

} // namespace clgauge
