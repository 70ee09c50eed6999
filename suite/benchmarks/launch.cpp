// launch.latency (round trip of an empty kernel) and launch.dispatch (QUEUED to START):
// kernels/launch.cl, reference/launch.hpp, harness suite/harness/latency.hpp. Lower is better.
#include "harness/latency.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> launch() {
    return {
        latency_benchmark(
            {.entry = {.id = "launch.latency",
                       .label = "Launch latency",
                       .description =
                           "empty kernel, host clock from enqueue to completion (no profiling)"},
             .figure = LatencyFigure::RoundTrip}),
        latency_benchmark({.entry = {.id = "launch.dispatch",
                                     .label = "Launch dispatch",
                                     .description = "empty kernel, event QUEUED to START"},
                           .figure = LatencyFigure::Dispatch})};
}

// Registry order 130: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(130, launch);

} // namespace clgauge::families
