// int64.mad, int32.mad, int16.mad: wrapping integer multiply-add chains (kernels/mad.cl,
// reference/mad.hpp).
#include "reference/mad.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> mad() {
    // Per step: two dependent multiply-adds per lane, each counted as two operations.
    std::vector<Benchmark> v;
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "int64.mad",
                .family = "mad",
                .label = "INT64 compute",
                .description = "64-bit integer multiply-add chains",
                .unit = Unit::OpPerSecond,
                .paths = {{"native", {}, ""}},
            },
        .source = "mad.cl",
        .kernel = "int64_mad",
        .ops_per_step = 4,
        .kind = WordKind::U64,
        .word_bytes = 8,
        .reference = ref::int64_mad,
    }));
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "int32.mad",
                .family = "mad",
                .label = "INT32 compute",
                .description = "32-bit integer multiply-add chains",
                .unit = Unit::OpPerSecond,
                .paths = {{"native", {}, ""}},
            },
        .source = "mad.cl",
        .kernel = "int32_mad",
        .ops_per_step = 4,
        .kind = WordKind::U32,
        .reference = ref::int32_mad,
    }));
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "int16.mad",
                .family = "mad",
                .label = "INT16 compute",
                .description = "short2 integer multiply-add chains",
                .unit = Unit::OpPerSecond,
                // NVIDIA has no 16-bit IMAD: lanes in 32-bit registers, truncated at the store
                // (kernels/mad.cl). Elsewhere the packed form, which 16-bit ALUs run natively.
                .paths = {{"wide", {Need::NvSm61}, "-DCLG_I16_WIDE"}, {"native", {}, ""}},
            },
        .source = "mad.cl",
        .kernel = "int16_mad",
        .ops_per_step = 8, // short2: two lanes
        .kind = WordKind::U16x2,
        .reference = ref::int16_mad,
    }));
    return v;
}

// Registry order 20: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(20, mad);

} // namespace clgauge::families
