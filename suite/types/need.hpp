// What a benchmark path needs from a device, and the paths themselves.
#pragma once
#include "core/capabilities.hpp"

#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// Device requirements. Each unmet need makes a path unsupported, with a reason.
enum class Need {
    Fp64,
    Fp16,           // cl_khr_fp16 that compiles
    InlinePtx,      // NVIDIA inline PTX
    NvSm61,         // NVIDIA compute capability >= 6.1 (dp4a)
    NvSm80,         // NVIDIA compute capability >= 8.0 (mma.sync f16/bf16/tf32/s8/s4)
    NvSm89,         // NVIDIA compute capability >= 8.9 (mma.sync e4m3/e5m2)
    NvFp8Mma,       // NVIDIA tensor cores with fp8 mma.sync (sm_89, sm_120+; not sm_90/sm_100)
    AmdDot4,        // AMD GPU whose compiler takes __builtin_amdgcn_sdot4/udot4 (gfx906+)
    AmdMfmaI8,      // AMD gfx908/gfx90a: __builtin_amdgcn_mfma_i32_16x16x16i8 compiles
    KhrSubgroups,   // cl_khr_subgroups / __opencl_c_subgroups that compile
    IntelSubgroups, // cl_intel_subgroups that compile
    IntelBlockIO,   // intel_sub_group_block_read/write that build (PoCL 5.0 lacks them)
    IntDot4x8,      // cl_khr_integer_dot_product with 4x8-bit inputs
    OpenCLC20,      // OpenCL C 2.0 or newer accepted
    OpenCLC30,      // OpenCL C 3.0 accepted (-cl-std=CL3.0)
    IntelDpas,    // cl_intel_subgroup_matrix_multiply_accumulate on sub-groups of 16 that compiles
    Int64Atomics, // cl_khr_int64_base_atomics that compiles
    AtomicsDeviceScope,    // OpenCL C 2.0+ relaxed atomics at memory_scope_device
    AtomicsWorkGroupScope, // OpenCL C 2.0+ relaxed atomics at memory_scope_work_group
    FloatAtomicAddGlobal,  // cl_ext_float_atomics: atomic add on global float
    FloatAtomicAddLocal,   // cl_ext_float_atomics: atomic add on local float
    Images, // CL_DEVICE_IMAGE_SUPPORT with read-write CL_RGBA float, unorm8 and uint8 image2d
};
const char* need_name(Need n);
// Why the device does not meet `n`, or nullopt when it does.
std::optional<std::string> unmet(Need n, const Capabilities& caps);

// An implementation path of an entry: one way of running it (native, ptx, emulated, ...),
// with what the device must offer and the build options it adds.
struct ImplPath {
    std::string name;
    std::vector<Need> needs;
    std::string options; // appended to the build options, e.g. "-DCLG_PATH_PTX"
};

} // namespace clgauge
