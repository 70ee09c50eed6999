// constant.broadcast and constant.divergent: reads of __constant memory where every work-item
// reads the same word each step (the broadcast path) and where the items of a sub-group read
// different words (kernels/constant.cl, reference/constant.hpp), on the chain harness.
// Counted: 4 bytes read per work-item per step. Checked: each work-item's folded value.
#include "reference/constant.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

template <bool Divergent> Benchmark constant_read(const char* name, const char* description) {
    return chain_benchmark({
        .entry = {.id = std::string("constant.") + name,
                  .family = "constant",
                  .label = "Constant read",
                  .description = description,
                  .unit = Unit::BytePerSecond,
                  .paths = {{"native", {}, ""}},
                  // On NVIDIA one 4-byte load of the constant buffer a step (a kernel
                  // argument in constant memory is read through the global path).
                  .counted = {{"native", R"(\bLDG\.E\.CONSTANT\b|\bLDC(\.32)? R\d+, c\[0x[1-9a-f])",
                               4, Pipe::None, "constant load of 4 B each"}}},
        .source = "constant.cl",
        .kernel = Divergent ? "constant_divergent" : "constant_broadcast",
        .options = "-DCLG_CONST_WORDS=" + std::to_string(ref::kConstantWords),
        .steps = 256,
        .ops_per_step = 4.0, // bytes read per step
        .kind = WordKind::U32,
        .words_per_item = 1,
        .reference = ref::constant_fold<Divergent>,
        .input = ref::constant_word,
        .input_words = ref::kConstantWords,
    });
}

std::vector<Benchmark> constant() {
    return {constant_read<false>("broadcast", "every work-item reads the same constant word"),
            constant_read<true>("divergent",
                                "each work-item reads its own constant word (33 words apart)")};
}

} // namespace

// Registry order 118: after the barriers.
const FamilyRegistrar registered(118, constant);

} // namespace clgauge::families
