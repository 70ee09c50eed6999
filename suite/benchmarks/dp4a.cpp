// dp4a.s8, dp4a.u8, dp4a.su8: 4x8-bit dot products with a 32-bit accumulate
// (kernels/dp4a.cl, reference/dp4a.hpp).
#include "reference/dp4a.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

namespace {
// Best first: the khr built-ins, NVIDIA's dp4a instruction, AMD's dot4 built-ins, then char4
// arithmetic anywhere. Intel's dot-product instruction is reached through the khr built-ins.
// AMD's dot1 instructions have no signed x unsigned form: dp4a.su8 has no amd path.
std::vector<ImplPath> dp4a_paths(bool amd) {
    std::vector<ImplPath> v = {
        {"khr", {Need::IntDot4x8, Need::OpenCLC30}, "-DCLG_PATH_KHR -cl-std=CL3.0"},
        {"ptx", {Need::InlinePtx, Need::NvSm61}, "-DCLG_PATH_PTX"}};
    if (amd) v.push_back({"amd", {Need::AmdDot4}, "-DCLG_PATH_AMD"});
    v.push_back({"emulated", {}, ""});
    return v;
}

// `idp`: the SASS of the ptx path's dp4a, one 4-way dot product with accumulate; `dot4` the
// AMDGPU instruction of the amd path.
Benchmark dp4a_entry(const char* id, const char* kernel, const char* what, ChainReference reference,
                     bool amd, const char* idp, const char* dot4 = "") {
    return chain_benchmark(
        {.entry = {.id = id,
                   .family = "dp4a",
                   .label = "DP4A  compute",
                   .description = what,
                   .unit = Unit::OpPerSecond,
                   .paths = dp4a_paths(amd),
                   .counted = {{"ptx", idp, 8, Pipe::Dp4a, "IDP.4A, 8 OP each"},
                               {"amd", "", 8, Pipe::None, "v_dot4, 8 OP each", dot4}}},
         .source = "dp4a.cl",
         .kernel = kernel,
         // Per step: two dependent 4-way dot products with accumulate, each counted as
         // 8 operations (4 multiplies, 4 adds), as OpenCL-Benchmark counts DP4A.
         .steps = 128,
         .ops_per_step = 16,
         .kind = WordKind::U32,
         .reference = reference});
}
} // namespace

std::vector<Benchmark> dp4a() {
    return {dp4a_entry("dp4a.s8", "dp4a_s8", "4x8-bit dot product, signed x signed", ref::dp4a_s8,
                       true, R"(\bIDP\.4A\.S8\.S8\b)", R"(^v_dot4c?_i32_i8(_e32|_e64)?\s)"),
            dp4a_entry("dp4a.u8", "dp4a_u8", "4x8-bit dot product, unsigned x unsigned",
                       ref::dp4a_u8, true, R"(\bIDP\.4A\.U8\.U8\b)",
                       R"(^v_dot4_u32_u8(_e32|_e64)?\s)"),
            dp4a_entry("dp4a.su8", "dp4a_su8", "4x8-bit dot product, signed x unsigned",
                       ref::dp4a_su8, false, R"(\bIDP\.4A\.S8\.U8\b)")};
}

// Registry order 30: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(30, dp4a);

} // namespace clgauge::families
