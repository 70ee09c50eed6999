// sum.sha256, sum.sbox: rotate / shift / logic chains with SHA-256's nonlinear functions
// (kernels/sum.cl, reference/sum.hpp).
#include "reference/sum.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> sum() {
    // Counted as seed 000 counts SUM: one operation per `f(x) + y` (Sum0, Sum1 or Sbox and
    // the add), two per step. One Sum is 3 rotates, 2 xors and an add; one Sbox is
    // 2 rotates, a not, an and, a xor and an add.
    std::vector<Benchmark> v;
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "sum.sha256",
                .family = "sum",
                .label = "SUM   compute",
                .description = "SHA-256 Sum0/Sum1 chains: x = Sum0(x) + y; y = Sum1(y) + x",
                .unit = Unit::OpPerSecond,
                .paths = {{"native", {}, ""}},
            },
        .source = "sum.cl",
        .kernel = "sum_sha256",
        .steps = 128,
        .ops_per_step = 2,
        .kind = WordKind::U32,
        .reference = ref::sum_sha256,
    }));
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "sum.sbox",
                .family = "sum",
                .label = "SUM   compute",
                .description = "Sbox chains: x += Sbox(y); y += Sbox(x)",
                .unit = Unit::OpPerSecond,
                .paths = {{"native", {}, ""}},
            },
        .source = "sum.cl",
        .kernel = "sum_sbox",
        .steps = 128,
        .ops_per_step = 2,
        .kind = WordKind::U32,
        .reference = ref::sum_sbox,
    }));
    return v;
}

// Registry order 40: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(40, sum);

} // namespace clgauge::families
