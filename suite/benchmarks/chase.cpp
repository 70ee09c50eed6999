// latency.chase: the latency of a dependent global load (kernels/chase.cl,
// reference/chase.hpp), on the chase harness; the chase sweep runs it over working sets.
#include "harness/chase.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

std::vector<Benchmark> chase() {
    return {chase_benchmark({.entry = {.id = "latency.chase",
                                       .label = "Load latency",
                                       .description = "one work-item chasing a random cycle of "
                                                      "cache lines (256 MiB on a GPU: DRAM); "
                                                      "time per dependent load"}})};
}

} // namespace

// Registry order 150: after launch latency (130), with the on-chip memory families.
const FamilyRegistrar registered(150, chase);

} // namespace clgauge::families
