// local.read.f32, local.read.f32x2, local.read.f32x4: local-memory read bandwidth
// (kernels/local.cl, reference/local.hpp), on the chain harness.
#include "reference/local.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

template <uint32_t Lanes> const char* lds() {
    if constexpr (Lanes == 1) return R"(\bLDS(\.U?32)? )";
    if constexpr (Lanes == 2) return R"(\bLDS\.64 )";
    return R"(\bLDS\.128 )";
}

// One entry per vector width: each step reads one element of `lanes` floats per work-item.
template <uint32_t Lanes> Benchmark local_read(const char* suffix) {
    const std::string width = Lanes == 1 ? "float" : "float" + std::to_string(Lanes);
    return chain_benchmark({
        .entry = {.id = std::string("local.read.") + suffix,
                  .family = "local",
                  .label = "Local read",
                  .description = width + " reads walking a local-memory ring, summed as bits",
                  .unit = Unit::BytePerSecond,
                  .paths = {{"native", {}, ""}},
                  // On NVIDIA one LDS of the element's width a step.
                  .counted = {{"native", lds<Lanes>(), 4.0 * Lanes, Pipe::None,
                               "LDS of " + std::to_string(4 * Lanes) + " B each"}}},
        .source = "local.cl",
        .kernel = "local_read",
        .options = "-DCLG_LOCAL_V=" + std::to_string(Lanes),
        .ops_per_step = 4.0 * Lanes, // bytes read per step
        .kind = WordKind::U32,
        .words_per_item = Lanes,
        .reference = ref::local_read<Lanes>,
        .peak = local_memory_peak,
    });
}

std::vector<Benchmark> local() {
    return {local_read<1>("f32"), local_read<2>("f32x2"), local_read<4>("f32x4")};
}

} // namespace

// Registry order 115: after device memory, before host transfers.
const FamilyRegistrar registered(115, local);

} // namespace clgauge::families
