// latency.chase: the latency of a dependent global load (kernels/chase.cl,
// reference/chase.hpp), on the chase harness; the chase sweep runs it over working sets.
// local.latency: the same walk in local memory (kernels/local_chase.cl).
#include "harness/chase.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

std::vector<Benchmark> chase() {
    return {chase_benchmark({.entry = {.id = "latency.chase",
                                       .label = "Load latency",
                                       .description = "one work-item chasing a random cycle of "
                                                      "cache lines (256 MiB on a GPU: DRAM); "
                                                      "time per dependent load"}}),
            // 16 KiB: any device's local memory holds it (OpenCL's minimum is 32 KiB).
            chase_benchmark({.entry = {.id = "local.latency",
                                       .label = "Local latency",
                                       .description = "one work-item chasing a random cycle "
                                                      "of 16 KiB in local memory; time per "
                                                      "dependent local load"},
                             .source = "local_chase.cl",
                             .kernel = "local_chase",
                             .gpu_bytes = 16 * 1024,
                             .cpu_bytes = 16 * 1024,
                             .conformance_bytes = 4 * 1024,
                             .in_local = true})};
}

} // namespace

// Registry order 150: after launch latency (130), with the on-chip memory families.
const FamilyRegistrar registered(150, chase);

} // namespace clgauge::families
