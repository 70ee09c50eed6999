// Where the time goes: per benchmark, the event stages QUEUED->SUBMIT->START->END
// beside the host clock; the profiling timer's resolution; and what profiling itself costs
// (the host round trip of the same launches on queues with and without profiling).
#pragma once
#include "types/results.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace clgauge::analysis {

struct ProfilingCost {
    std::string launch;             // what was launched
    double with_profiling_s = 0;    // median host round trip, profiling queue
    double without_profiling_s = 0; // the same on a queue without profiling
    double overhead_s() const { return with_profiling_s - without_profiling_s; }
};

struct TimingAnalysis {
    cl_ulong timer_resolution_ns = 0; // CL_DEVICE_PROFILING_TIMER_RESOLUTION
    double smallest_duration_s = 0;   // shortest START..END seen for a one-work-item kernel
    std::vector<ProfilingCost> costs; // a tiny launch and a device-filling one
};

// Launches kernels/fma.cl fp32_fma `reps` times per queue and launch size.
TimingAnalysis analyze_timing(Session& s, const RunOptions& opts, int reps = 50);

nlohmann::json stages_to_json(const Measurement& m);
nlohmann::json timing_to_json(const TimingAnalysis& t, const DeviceReport& r);
void print_timing(std::ostream& os, const TimingAnalysis& t, const DeviceReport& r);

} // namespace clgauge::analysis
