// What a device can really do: queried, and where queries can lie, proven by compiling.
#pragma once
#include "core/device.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clgauge {

// Splits an extension string into whole tokens, so "cl_khr_fp16" never matches
// "cl_khr_fp16_extra".
std::set<std::string> parse_extensions(const std::string& list);
// "OpenCL C 1.2 PoCL" -> {1, 2}; {0, 0} when unparsable.
std::pair<int, int> parse_opencl_c_version(const std::string& text);

struct Capabilities {
    std::set<std::string> extensions;
    std::set<std::string> opencl_c_features;    // __opencl_c_* (OpenCL 3.0 devices)
    int opencl_c_major = 1, opencl_c_minor = 0; // highest OpenCL C the device accepts
    bool fp64 = false;
    bool fp16 = false;          // cl_khr_fp16 reported and a half kernel compiles
    bool khr_subgroups = false; // cl_khr_subgroups or __opencl_c_subgroups, and it compiles
    bool intel_subgroups = false;
    bool intel_block_io = false; // intel_sub_group_block_read/write build and link
    bool inline_ptx = false;     // NVIDIA: a kernel with inline PTX (%laneid) compiled
    bool int_dot_4x8 = false;    // cl_khr_integer_dot_product, 4x8-bit packed
    // AMD: __builtin_amdgcn_sdot4/udot4 compile (the dot1 instructions: gfx906, gfx908,
    // gfx90a, gfx94x, ...); the driver's compiler refuses them for a GPU without.
    bool amd_dot4 = false;
    // AMD gfx908/gfx90a (by the device name, "gfx90a:sramecc+:xnack-") and a probe with
    // __builtin_amdgcn_mfma_i32_16x16x16i8 compiles. Other GPUs are not probed: LLVM aborts
    // on the built-in for a gfx without it (gfx94x) instead of reporting an error.
    bool amd_mfma_i8 = false;
    bool intel_dpas = false;    // DPAS built-ins on sub-groups of 16: reported and a probe compiles
    bool int64_atomics = false; // cl_khr_int64_base_atomics reported and atom_add on ulong builds
    // OpenCL 2.0+ atomic_fetch_add_explicit (relaxed) builds at these scopes: the device's
    // CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES allow it and a probe compiles.
    bool c11_atomics_device_scope = false, c11_atomics_work_group_scope = false;
    // cl_ext_float_atomics: atomic_fetch_add_explicit on atomic_float, global and local
    // memory, as CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT reports it and a probe builds.
    bool float_atomic_add_global = false, float_atomic_add_local = false;
    // CL_DEVICE_IMAGE_SUPPORT, and read-write image2d in CL_RGBA with CL_FLOAT, CL_UNORM_INT8
    // and CL_UNSIGNED_INT8 (the image family's formats); image_gap says what is missing.
    bool images = false;
    std::string image_gap;
    std::vector<size_t> intel_subgroup_sizes;
    int nv_cc = 0;                        // NVIDIA compute capability * 10 (90 for sm_90)
    std::vector<std::string> probe_notes; // why a reported feature was not trusted

    bool has_extension(const std::string& e) const { return extensions.count(e) != 0; }
    bool has_feature(const std::string& f) const { return opencl_c_features.count(f) != 0; }
    // The -cl-std option for kernels that need OpenCL C 2.0+ features, or "" if unsupported.
    std::string cl_std_for_subgroups() const;
    bool operator==(const Capabilities&) const = default;
};

// Queries and probes. The probes compile tiny kernels in the given context; their outcome is
// remembered on disk for the device and driver (core/capability_memo.hpp).
Capabilities detect_capabilities(const cl::Context& context, const DeviceEntry& entry);

// Compiles source for the device; on failure returns the build log (never throws).
std::optional<std::string> try_compile(const cl::Context& context, const cl::Device& device,
                                       const std::string& source, const std::string& options);

} // namespace clgauge
