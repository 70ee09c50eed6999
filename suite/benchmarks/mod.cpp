// mod.proth: reduction modulo Proth primes A * 2^16 + 1 on the hi/lo short split, fed from
// memory (kernels/mod.cl, reference/mod.hpp).
#include "reference/mod.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> mod() {
    // Counted as OpenCL-Benchmark counts MOD: each reduction x = hi(x) - lo(x) * A is 2 operations
    // (multiply, subtract); the adds of the loaded data and the loads are not counted.
    // Per step: two chains x two reductions = 8 operations, one 32-bit load.
    std::vector<Benchmark> v;
    v.push_back(chain_benchmark(
        {.entry = {.id = "mod.proth",
                   .family = "mod",
                   .label = "MOD   compute",
                   .description = "Proth reduction x = hi(x) - lo(x)*A mod A*2^16+1, A in "
                                  "{1023, 5005, 16441, 32745}",
                   .unit = Unit::OpPerSecond,
                   .paths = {{"native", {}, ""}},
                   // On NVIDIA a reduction's multiply is one IMAD of two registers (with the
                   // subtract, or RZ and an IMAD.IADD); the address arithmetic's IMADs
                   // multiply by an immediate.
                   .counted = {{"native",
                                R"(\bIMAD R\d+, R\d+(\.reuse)?, R\d+(\.reuse)?, R(Z|\d+))", 2,
                                Pipe::IntMad, "IMAD of registers, 2 OP each"}}},
         .source = "mod.cl",
         .kernel = "mod_proth",
         .steps = ref::kModSteps,
         .reference_follows_unroll = true,
         .ops_per_step = 8,
         .kind = WordKind::U32,
         .reference = ref::mod_proth,
         .input = ref::mod_input,
         .input_words = ref::kModInputWords,
         .cross_check = ref::mod_proth_congruent,
         .cross_check_name = "congruent modulo P to a 64-bit reduction"}));
    return v;
}

// Registry order 50: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(50, mod);

} // namespace clgauge::families
