// The offline AMD toolchain of the isa label: clang-15's AMDGPU target compiles OpenCL C for a
// gfx architecture to its assembly (libclc's amdgcn built-ins linked in; no ROCm needed).
// From Debian (clang-15, libclc-15), installed by scripts/setup-cuda-isa.
#pragma once
#include <map>
#include <string>

namespace clgauge::isa {

struct AmdTools {
    std::string clang, libclc;
    std::string missing; // why the checks cannot run here; empty when both are found
};

// clang-15 as for the NVIDIA checks (CLGAUGE_ISA_CLANG), libclc's amdgcn--amdhsa.bc
// (CLGAUGE_LIBCLC_DIR).
AmdTools find_amd_tools();

struct AmdKernel {
    // The instructions, one a line ("v_dot4c_i32_i8_e32 v1, ..."), and the labels of its basic
    // blocks (".LBB0_2:"), where its loops branch back to.
    std::string code;
    unsigned private_bytes = 0; // .amdhsa_private_segment_fixed_size: scratch per work-item
};

struct AmdBuild {
    bool compiled = false;
    std::string log; // what clang said
    std::map<std::string, AmdKernel> kernels;
};

// Compiles `source` (includes expanded) with the OpenCL build options `options` for `gfx`
// ("gfx90a").
AmdBuild build_for_gfx(const AmdTools& tools, const std::string& source, const std::string& options,
                       const std::string& gfx);

} // namespace clgauge::isa
