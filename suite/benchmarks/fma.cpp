// fp64.fma, fp32.fma, fp16.fma: floating-point FMA chains (kernels/fma.cl, reference/fma.hpp).
#include "reference/fma.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> fma() {
    // Per step: two dependent FMAs per lane, each counted as two operations (mul + add).
    std::vector<Benchmark> v;
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "fp64.fma",
                .family = "fma",
                .label = "FP64  compute",
                .description = "double FMA chains",
                .unit = Unit::FlopPerSecond,
                .paths = {{"native", {Need::Fp64}, "-DCLG_FP64"}},
            },
        .source = "fma.cl",
        .kernel = "fp64_fma",
        .ops_per_step = 4,
        .kind = WordKind::F64,
        .word_bytes = 8,
        .reference = ref::fp64_fma,
    }));
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "fp32.fma",
                .family = "fma",
                .label = "FP32  compute",
                .description = "float FMA chains",
                .unit = Unit::FlopPerSecond,
                .paths = {{"native", {}, ""}},
            },
        .source = "fma.cl",
        .kernel = "fp32_fma",
        .ops_per_step = 4,
        .kind = WordKind::F32,
        .reference = ref::fp32_fma,
    }));
    v.push_back(chain_benchmark({
        .entry =
            {
                .id = "fp16.fma",
                .family = "fma",
                .label = "FP16  compute",
                .description = "half2 FMA chains (cl_khr_fp16, or PTX fma.rn.f16x2 on NVIDIA)",
                .unit = Unit::FlopPerSecond,
                // On NVIDIA both other paths compile to the same HFMA2 / HFMA2.MMA mix.
                .paths = {{"native", {Need::Fp16}, "-DCLG_PATH_NATIVE"},
                          {"ptx", {Need::InlinePtx}, "-DCLG_PATH_PTX"},
                          {"nvhalf", {Need::InlinePtx}, "-DCLG_PATH_NVHALF"}},
            },
        .source = "fma.cl",
        .kernel = "fp16_fma",
        .ops_per_step = 8, // one pair of half2 chains: two FMAs on two lanes
        .kind = WordKind::F16x2,
        .words_per_item = 2,
        .reference = ref::fp16_fma,
    }));
    return v;
}

// Registry order 10: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(10, fma);

} // namespace clgauge::families
