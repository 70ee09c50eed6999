// Harness for launch latency: an empty kernel launched one at a time, timed by the
// host clock from enqueue to completion (the round trip) and by its event's QUEUED, SUBMIT,
// START and END stamps. The figure is a time (Unit::Seconds: lower is better).
#pragma once
#include "harness/adapter.hpp"

namespace clgauge {

enum class LatencyFigure {
    RoundTrip, // host clock, enqueue to complete, on a queue without profiling
    Dispatch,  // CL_PROFILING_COMMAND_START - CL_PROFILING_COMMAND_QUEUED
};

struct LatencySpec {
    EntryHeader entry; // family "launch", unit s, one native path
    LatencyFigure figure = LatencyFigure::RoundTrip;
};

// family "launch" (kernels/launch.cl, reference/launch.hpp).
Benchmark latency_benchmark(LatencySpec spec);

} // namespace clgauge
