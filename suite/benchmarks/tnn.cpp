// tnn.popcount: ternary {-1, 0, 1} dot products on two bit planes with popcount
// (kernels/tnn.cl, reference/tnn.hpp).
#include "reference/tnn.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> tnn() {
    // Counted as OpenCL-Benchmark counts TNN: one operation per popcount lane, so one 16-trit dot
    // product (popcount of both lanes of c+ and of c-) is 4 operations; two per step = 8.
    // In multiply-accumulates of trits a step is 2 x 16.
    std::vector<Benchmark> v;
    v.push_back(chain_benchmark(
        {.entry = {.id = "tnn.popcount",
                   .family = "tnn",
                   .label = "TNN   compute",
                   .description = "ternary 16-trit dot products, planes (x+, x-), popcount",
                   .unit = Unit::OpPerSecond,
                   .paths = {{"native", {}, ""}},
                   .counted = {{"native", R"(\bPOPC\b)", 1, Pipe::Popc, "POPC, 1 OP each"}}},
         .source = "tnn.cl",
         .kernel = "tnn_popcount",
         .steps = 128,
         .ops_per_step = 8,
         .kind = WordKind::U16x2,
         .words_per_item = 4,
         .reference = ref::tnn_popcount,
         .cross_check = ref::tnn_matches_naive,
         .cross_check_name = "naive dot products of the decoded trits"}));
    return v;
}

// Registry order 60: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(60, tnn);

} // namespace clgauge::families
