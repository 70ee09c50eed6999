// launch.latency (round trip of an empty kernel) and launch.dispatch (QUEUED to START):
// kernels/launch.cl, reference/launch.hpp, harness suite/harness/latency.hpp. Lower is better.
#include "harness/latency.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> launch() {
    std::vector<Benchmark> v;
    v.push_back(latency_benchmark({
        .entry =
            {
                .id = "launch.latency",
                .label = "Launch latency",
                .description = "empty kernel, host clock from enqueue to completion (no profiling)",
            },
        .figure = LatencyFigure::RoundTrip,
    }));
    v.push_back(latency_benchmark({
        .entry =
            {
                .id = "launch.dispatch",
                .label = "Launch dispatch",
                .description = "empty kernel, event QUEUED to START",
            },
        .figure = LatencyFigure::Dispatch,
    }));
    return v;
}

// Registry order 130: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(130, launch);

} // namespace clgauge::families
