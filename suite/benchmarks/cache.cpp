// cache.l1.read, cache.l2.read: read bandwidth from a working set held in the first-level
// cache of each compute unit, or in the cache all units share (kernels/cache.cl,
// reference/cache.hpp, harness suite/harness/cache.hpp). The cache sweep runs cache.l2.read
// over working sets from 4 KiB to 8x the L2.
#include "harness/cache.hpp"
#include "registry/registry.hpp"

#include <algorithm>

namespace clgauge::families {
namespace {

// A quarter of the first-level cache, at most 16 KiB: an sm_90 SM keeps at least 28 KiB of
// its 256 KiB as L1 whatever share the driver gives local memory, and CUDA reads the L1's
// rate from 16-64 KiB per block.
CacheSize l1_working_set(const DeviceFacts& f) {
    const CacheSize l1 = first_level_cache(f);
    return {std::min(l1.bytes / 4, 16.0 * 1024), "min(L1 / 4, 16 KiB); L1: " + l1.basis};
}

// Half the shared cache. An eighth, where CUDA reads an L2 fastest, holds too few whole spans
// for a launch that fills the GPU (its work-groups overlap and read each other's chunks); half
// holds four times as many, and the cache sweep reads the same rate there (docs/families.md).
CacheSize l2_working_set(const DeviceFacts& f) {
    const CacheSize l2 = second_level_cache(f);
    return {l2.bytes / 2, "L2 / 2; L2: " + l2.basis};
}

std::vector<Benchmark> cache() {
    return {
        cache_benchmark({.entry = {.id = "cache.l1.read",
                                   .label = "L1 read",
                                   .description = "float4 reads of one L1-sized working set, "
                                                  "again and again, summed per work-item"},
                         .working_set = l1_working_set}),
        cache_benchmark(
            {.entry = {.id = "cache.l2.read",
                       .label = "L2 read",
                       .description = "float4 reads of an L2-sized working set "
                                      "(L2 / 2), again and again, summed per work-item"},
             .working_set = l2_working_set}),
    };
}

} // namespace

// Registry order 140 (the cache family holds 140-149): after launch latency (130).
const FamilyRegistrar registered(140, cache);

} // namespace clgauge::families
