#include "types/need.hpp"

#include <iterator>

namespace clgauge {
namespace {

// One row a need, in the order of enum Need: its name, whether a device meets it, and why
// not.
struct NeedRow {
    const char* name;
    bool (*met)(const Capabilities&);
    const char* reason;
};
constexpr NeedRow kNeeds[] = {
    {"fp64", [](const Capabilities& c) { return c.fp64; }, "no cl_khr_fp64"},
    {"fp16", [](const Capabilities& c) { return c.fp16; }, "no cl_khr_fp16"},
    {"inline PTX", [](const Capabilities& c) { return c.inline_ptx; },
     "no inline PTX (not an NVIDIA device)"},
    {"NVIDIA sm_61+", [](const Capabilities& c) { return c.inline_ptx && c.nv_cc >= 61; },
     "needs NVIDIA sm_61 or newer"},
    {"NVIDIA sm_80+", [](const Capabilities& c) { return c.inline_ptx && c.nv_cc >= 80; },
     "needs NVIDIA sm_80 or newer"},
    {"NVIDIA sm_89+", [](const Capabilities& c) { return c.inline_ptx && c.nv_cc >= 89; },
     "needs NVIDIA sm_89 or newer"},
    // ptxas has fp8 mma.sync as a tensor instruction (QMMA) for sm_89 and sm_120, and decodes
    // it to f16 for HMMA on sm_90 and sm_100 (suite/tests/isa_ptx_contract_table.cpp).
    {"NVIDIA fp8 mma.sync",
     [](const Capabilities& c) { return c.inline_ptx && (c.nv_cc == 89 || c.nv_cc >= 120); },
     "needs NVIDIA tensor cores with fp8 mma.sync (sm_89, sm_120; sm_90 and sm_100 decode fp8 "
     "to f16)"},
    {"AMD dot4", [](const Capabilities& c) { return c.amd_dot4; },
     "no __builtin_amdgcn_sdot4/udot4 (not an AMD GPU with dot4 instructions, gfx906 or newer)"},
    {"AMD MFMA i8 16x16x16", [](const Capabilities& c) { return c.amd_mfma_i8; },
     "no v_mfma_i32_16x16x16i8 (not an AMD gfx908 or gfx90a GPU)"},
    {"khr sub-groups", [](const Capabilities& c) { return c.khr_subgroups; },
     "no cl_khr_subgroups"},
    {"intel sub-groups", [](const Capabilities& c) { return c.intel_subgroups; },
     "no cl_intel_subgroups"},
    {"intel sub-group block I/O", [](const Capabilities& c) { return c.intel_block_io; },
     "no intel_sub_group_block_read/write (reported cl_intel_subgroups lacks them)"},
    {"integer dot product 4x8", [](const Capabilities& c) { return c.int_dot_4x8; },
     "no cl_khr_integer_dot_product (4x8-bit)"},
    {"OpenCL C 2.0", [](const Capabilities& c) { return c.opencl_c_major >= 2; },
     "OpenCL C 2.0 not accepted"},
    {"OpenCL C 3.0", [](const Capabilities& c) { return c.opencl_c_major >= 3; },
     "OpenCL C 3.0 not accepted"},
    {"Intel DPAS", [](const Capabilities& c) { return c.intel_dpas; },
     "no cl_intel_subgroup_matrix_multiply_accumulate on sub-groups of 16"},
    {"64-bit atomics", [](const Capabilities& c) { return c.int64_atomics; },
     "no cl_khr_int64_base_atomics"},
    {"device-scope atomics", [](const Capabilities& c) { return c.c11_atomics_device_scope; },
     "no OpenCL C 2.0+ relaxed atomics at device scope (CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, "
     "OpenCL C version)"},
    {"work-group-scope atomics",
     [](const Capabilities& c) { return c.c11_atomics_work_group_scope; },
     "no OpenCL C 2.0+ relaxed atomics at work-group scope (CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, "
     "OpenCL C version)"},
    {"float atomic add (global)", [](const Capabilities& c) { return c.float_atomic_add_global; },
     "no cl_ext_float_atomics global float add (CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT)"},
    {"float atomic add (local)", [](const Capabilities& c) { return c.float_atomic_add_local; },
     "no cl_ext_float_atomics local float add (CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT)"},
    {"images", [](const Capabilities& c) { return c.images; },
     "no image support (CL_DEVICE_IMAGE_SUPPORT is false)"},
};
static_assert(std::size(kNeeds) == size_t(Need::Images) + 1, "one row for every Need");

} // namespace

const char* need_name(Need n) {
    return kNeeds[size_t(n)].name;
}

std::optional<std::string> unmet(Need n, const Capabilities& c) {
    const NeedRow& row = kNeeds[size_t(n)];
    if (row.met(c)) return std::nullopt;
    // The image probe names the formats a device with image support lacks.
    if (n == Need::Images && !c.image_gap.empty()) return c.image_gap;
    return row.reason;
}

} // namespace clgauge
