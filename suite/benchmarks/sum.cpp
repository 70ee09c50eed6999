// sum.sha256, sum.sbox: rotate / shift / logic chains with SHA-256's nonlinear functions
// (kernels/sum.cl, reference/sum.hpp).
#include "reference/sum.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> sum() {
    // Counted as OpenCL-Benchmark counts SUM: one operation per `f(x) + y` (Sum0, Sum1 or Sbox and
    // the add), two per step. One Sum is 3 rotates, 2 xors and an add; one Sbox is
    // 2 rotates, a not, an and, a xor and an add. Entry sum.<name> runs kernel sum_<name>.
    struct Row {
        const char* name;
        ChainReference reference;
        const char* description;
        double rotates_per_op; // SHF.L.W rotates in one counted f(x) + y
    };
    const Row rows[] = {{"sha256", ref::sum_sha256,
                         "SHA-256 Sum0/Sum1 chains: x = Sum0(x) + y; y = Sum1(y) + x", 3},
                        {"sbox", ref::sum_sbox, "Sbox chains: x += Sbox(y); y += Sbox(x)", 2}};
    std::vector<Benchmark> v;
    for (const Row& r : rows)
        v.push_back(
            chain_benchmark({.entry = {.id = std::string("sum.") + r.name,
                                       .family = "sum",
                                       .label = "SUM   compute",
                                       .description = r.description,
                                       .unit = Unit::OpPerSecond,
                                       .paths = {{"native", {}, ""}},
                                       // On NVIDIA each rotate is a funnel shift.
                                       .counted = {{"native", R"(\bSHF\.L\.W\.U32\.HI\b)",
                                                    1 / r.rotates_per_op, Pipe::IntShift,
                                                    "SHF.L.W rotates, one operation per " +
                                                        std::to_string(int(r.rotates_per_op))}}},
                             .source = "sum.cl",
                             .kernel = std::string("sum_") + r.name,
                             .steps = 128,
                             .ops_per_step = 2,
                             .reference = r.reference}));
    return v;
}

// Registry order 40: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(40, sum);

} // namespace clgauge::families
