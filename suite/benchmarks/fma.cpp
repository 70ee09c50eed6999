// fp64.fma, fp32.fma, fp16.fma: floating-point FMA chains (kernels/fma.cl, reference/fma.hpp).
#include "reference/fma.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> fma() {
    // Per step: two dependent FMAs per lane and pair of chains, each counted as two
    // operations (mul + add). Entry <name>.fma runs kernel <name>_fma.
    const std::vector<ImplPath> native = {{"native", {}, ""}};
    const std::vector<ImplPath> fp64 = {{"native", {Need::Fp64}, "-DCLG_FP64"}};
    // On NVIDIA both other paths compile to the same HFMA2 / HFMA2.MMA mix.
    const std::vector<ImplPath> fp16 = {{"native", {Need::Fp16}, "-DCLG_PATH_NATIVE"},
                                        {"ptx", {Need::InlinePtx}, "-DCLG_PATH_PTX"},
                                        {"nvhalf", {Need::InlinePtx}, "-DCLG_PATH_NVHALF"}};
    std::vector<Benchmark> entries =
        chain_family("fma", Unit::FlopPerSecond,
                     // Two pairs of chains, 1024 steps unrolled (kernels/fma.cl says why).
                     {{"fp64", "FP64  compute", fp64, 8, WordKind::F64, 8, 4, ref::fp64_fma,
                       "double FMA chains", 1024},
                      {"fp32", "FP32  compute", native, 4, WordKind::F32, 4, 2, ref::fp32_fma,
                       "float FMA chains"},
                      // One pair of half2 chains: two FMAs on two lanes.
                      {"fp16", "FP16  compute", fp16, 8, WordKind::F16x2, 4, 2, ref::fp16_fma,
                       "half2 FMA chains (cl_khr_fp16, or PTX fma.rn.f16x2 on NVIDIA)"}});
    // A half2 FMA does two lanes' work in one FP32 lane: only fp16 may pass the FP32 peak.
    for (Benchmark& b : entries)
        b.within_fp32_peak = b.id != "fp16.fma";
    // What does the counted work on NVIDIA: an FMA is two operations; HFMA2 does two half
    // lanes' FMAs (a HFMA2.MMA of -RZ and RZ is a register move, not an FMA).
    const char* hfma2 = R"(\bHFMA2(\.MMA)?\b(?!.*-RZ, RZ))";
    entries[0].counted = {{"native", R"(\bDFMA\b)", 2, Pipe::Fp64Fma, "DFMA, 2 FLOP each",
                           R"(^v_fmac?_f64(_e32|_e64)?\s)"}};
    entries[1].counted = {{"native", R"(\bFFMA\b)", 2, Pipe::Fp32Fma, "FFMA, 2 FLOP each",
                           R"(^v_fmac?_f32(_e32|_e64)?\s)"}};
    for (const char* path : {"ptx", "nvhalf"})
        entries[2].counted.push_back({path, hfma2, 4, Pipe::Fp16x2Fma, "HFMA2, 4 FLOP each"});
    return entries;
}

// Registry order 10: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(10, fma);

} // namespace clgauge::families
