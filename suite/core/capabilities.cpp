#include "core/capabilities.hpp"

#include "core/capability_memo.hpp"
#include "core/program_build.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

namespace clgauge {

std::set<std::string> parse_extensions(const std::string& list) {
    std::set<std::string> out;
    std::istringstream in(list);
    std::string token;
    while (in >> token)
        out.insert(token);
    return out;
}

std::pair<int, int> parse_opencl_c_version(const std::string& text) {
    static const std::regex re(R"(OpenCL C (\d+)\.(\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, re)) return {0, 0};
    return {std::stoi(m[1].str()), std::stoi(m[2].str())};
}

std::string Capabilities::cl_std_for_subgroups() const {
    if (opencl_c_major >= 3) return "-cl-std=CL3.0";
    if (opencl_c_major == 2) return "-cl-std=CL2.0";
    return "";
}

std::optional<std::string> try_compile(const cl::Context& context, const cl::Device& device,
                                       const std::string& source, const std::string& options) {
    cl::Program program(context, source);
    // A probe that does not compile prints its errors: kept in the reason, not on the console.
    const BuildOutcome built = build_program(program, device, options);
    if (built.ok()) return std::nullopt;
    const std::string log = built.full_log();
    return log.empty() ? std::string("(empty build log)") : log;
}

namespace {
const char* kHalfProbe = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void probe(global half* p) { half2 a = vload2(0, p); vstore2(fma(a, a, a), 0, p); }
)";
const char* kKhrSubgroupProbe = R"(
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
kernel void probe(global uint* p) {
  uint v = sub_group_broadcast(p[get_global_id(0)], 0);
  p[get_global_id(0)] = sub_group_reduce_add(v) + get_sub_group_local_id();
}
)";
const char* kIntelSubgroupProbe = R"(
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
kernel void probe(global uint* p) {
  uint v = intel_sub_group_shuffle(p[get_global_id(0)], 0);
  p[get_global_id(0)] = v + get_sub_group_local_id();
}
)";
// PoCL 5.0 reports cl_intel_subgroups but its kernel library lacks the block I/O built-ins:
// the program compiles and fails at link time.
const char* kIntelBlockProbe = R"(
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
kernel void probe(global uint* p) {
  uint v = intel_sub_group_block_read(p);
  intel_sub_group_block_write(p + 64, v);
}
)";
// Both built-ins, with their clamp argument: a compiler that knows them for this GPU.
const char* kAmdDot4Probe = R"(
kernel void probe(global uint* p) {
  const uint i = get_global_id(0);
  p[i] = (uint)__builtin_amdgcn_sdot4((int)p[i], 0x01020304, 5, false) +
         __builtin_amdgcn_udot4(p[i], 0x01020304u, 5u, false);
}
)";

const char* kAmdMfmaI8Probe = R"(
kernel void probe(global int4* p) {
  const uint i = get_global_id(0);
  p[i] = __builtin_amdgcn_mfma_i32_16x16x16i8(0x01020304, 0x01010101, p[i], 0, 0, 0);
}
)";

// "gfx90a" of an AMD device name "gfx90a:sramecc+:xnack-".
std::string amd_gfx(const std::string& name) {
    return name.rfind("gfx", 0) == 0 ? name.substr(0, name.find(':')) : "";
}

const char* kPtxProbe = R"(
kernel void probe(global uint* p) {
  uint lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint v = p[get_global_id(0)];
  uint r;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v));
  p[get_global_id(0)] = r + lane;
}
)";
// The DPAS built-ins as kernels/mma.cl calls them (sub-groups of 16, repeat count 8).
const char* kDpasProbe = R"(
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
__attribute__((intel_reqd_sub_group_size(16)))
kernel void probe(global int* p) {
  int8 acc = vload8(0, p);
  acc = intel_sub_group_i8_i8_matrix_mad_k32(as_short8(vload4(2, p)), vload8(2, p), acc);
  vstore8(acc, 0, p);
}
)";
const char* kInt64AtomicsProbe = R"(
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void probe(global ulong* p) {
  local ulong c;
  if (get_local_id(0) == 0) c = p[1];
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_add(&c, 2ul);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) atom_add(p, c);
}
)";
const char* kC11DeviceScopeProbe = R"(
kernel void probe(global atomic_uint* p) {
  atomic_fetch_add_explicit(p, 1u, memory_order_relaxed, memory_scope_device);
}
)";
const char* kC11WorkGroupScopeProbe = R"(
kernel void probe(global uint* p) {
  local atomic_uint c;
  if (get_local_id(0) == 0) atomic_store_explicit(&c, 0u, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add_explicit(&c, 1u, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) p[0] = atomic_load_explicit(&c, memory_order_relaxed, memory_scope_work_group);
}
)";
const char* kFloatAtomicGlobalProbe = R"(
kernel void probe(global atomic_float* p) {
  atomic_fetch_add_explicit(p, 1.0f, memory_order_relaxed, memory_scope_device);
}
)";
const char* kFloatAtomicLocalProbe = R"(
kernel void probe(global float* p) {
  local atomic_float c;
  if (get_local_id(0) == 0) atomic_store_explicit(&c, 0.0f, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add_explicit(&c, 1.0f, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) p[0] = atomic_load_explicit(&c, memory_order_relaxed, memory_scope_work_group);
}
)";
const char* kDot4x8Probe = R"(
kernel void probe(global int* p) { p[0] = dot(as_char4(p[1]), as_char4(p[2])); }
)";
// A device-info bitfield, 0 when the query fails (a device older than the query).
cl_bitfield query_bits(const cl::Device& d, cl_device_info what) {
    cl_bitfield bits = 0;
    if (clGetDeviceInfo(d(), what, sizeof bits, &bits, nullptr) != CL_SUCCESS) return 0;
    return bits;
}

// Probes `source` where the device claims the feature; notes a claim the probe disproves.
bool claimed_and_builds(const cl::Context& context, const cl::Device& d, Capabilities& c,
                        bool claimed, const char* source, const std::string& options,
                        const std::string& what) {
    if (!claimed) return false;
    if (!try_compile(context, d, source, options).has_value()) return true;
    c.probe_notes.push_back(what + " reported but a probe kernel failed");
    return false;
}

void detect_atomics(const cl::Context& context, const DeviceEntry& entry, Capabilities& c) {
    const cl::Device& d = entry.device;
    c.int64_atomics =
        claimed_and_builds(context, d, c, c.has_extension("cl_khr_int64_base_atomics"),
                           kInt64AtomicsProbe, "", "cl_khr_int64_base_atomics");
    const std::string std = c.cl_std_for_subgroups(); // -cl-std=CL2.0 or CL3.0
    if (std.empty()) return;
    // OpenCL 2.x devices have no such query and must support relaxed atomics at every scope.
    constexpr cl_bitfield kRelaxed = 1 << 0, kWorkGroup = 1 << 4, kDevice = 1 << 5;
    cl_bitfield caps = query_bits(d, 0x1063 /* CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES */);
    if (caps == 0 && c.opencl_c_major == 2) caps = kRelaxed | kWorkGroup | kDevice;
    const bool relaxed = (caps & kRelaxed) != 0;
    c.c11_atomics_device_scope =
        claimed_and_builds(context, d, c, relaxed && (caps & kDevice), kC11DeviceScopeProbe, std,
                           "relaxed device-scope atomics");
    c.c11_atomics_work_group_scope =
        claimed_and_builds(context, d, c, relaxed && (caps & kWorkGroup), kC11WorkGroupScopeProbe,
                           std, "relaxed work-group-scope atomics");
    if (!c.has_extension("cl_ext_float_atomics")) return;
    constexpr cl_bitfield kGlobalAdd = 1 << 1, kLocalAdd = 1 << 17;
    const cl_bitfield fp = query_bits(d, 0x4231 /* CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT */);
    c.float_atomic_add_global =
        claimed_and_builds(context, d, c, c.c11_atomics_device_scope && (fp & kGlobalAdd),
                           kFloatAtomicGlobalProbe, std, "cl_ext_float_atomics global add");
    c.float_atomic_add_local =
        claimed_and_builds(context, d, c, c.c11_atomics_work_group_scope && (fp & kLocalAdd),
                           kFloatAtomicLocalProbe, std, "cl_ext_float_atomics local add");
}

// The image family's formats, or what the device lacks of them ("" when nothing).
std::string missing_image_formats(const cl::Context& context, const cl::Device& device) {
    cl_bool support = CL_FALSE;
    clGetDeviceInfo(device(), CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, nullptr);
    if (!support) return "no image support (CL_DEVICE_IMAGE_SUPPORT is false)";
    std::vector<cl::ImageFormat> formats;
    context.getSupportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, &formats);
    const std::pair<cl_channel_type, const char*> wanted[] = {
        {CL_FLOAT, "CL_FLOAT"},
        {CL_UNORM_INT8, "CL_UNORM_INT8"},
        {CL_UNSIGNED_INT8, "CL_UNSIGNED_INT8"}};
    std::string gap;
    for (const auto& [type, name] : wanted) {
        const bool found =
            std::any_of(formats.begin(), formats.end(), [&](const cl::ImageFormat& f) {
                return f.image_channel_order == CL_RGBA && f.image_channel_data_type == type;
            });
        if (!found) gap += std::string(gap.empty() ? "" : ", ") + "CL_RGBA/" + name;
    }
    return gap.empty() ? "" : "no read-write image2d format " + gap;
}
} // namespace

namespace {

Capabilities probe_capabilities(const cl::Context& context, const DeviceEntry& entry) {
    Capabilities c;
    const cl::Device& d = entry.device;
    c.extensions = parse_extensions(d.getInfo<CL_DEVICE_EXTENSIONS>());
    auto [maj, min] = parse_opencl_c_version(entry.facts.opencl_c_version);
    c.opencl_c_major = maj;
    c.opencl_c_minor = min;
    // OpenCL 3.0 devices may accept newer OpenCL C than CL_DEVICE_OPENCL_C_VERSION says.
    try {
        for (const auto& v : d.getInfo<CL_DEVICE_OPENCL_C_ALL_VERSIONS>()) {
            const int vmaj = static_cast<int>(CL_VERSION_MAJOR_KHR(v.version));
            const int vmin = static_cast<int>(CL_VERSION_MINOR_KHR(v.version));
            if (vmaj > c.opencl_c_major || (vmaj == c.opencl_c_major && vmin > c.opencl_c_minor)) {
                c.opencl_c_major = vmaj;
                c.opencl_c_minor = vmin;
            }
        }
        for (const auto& f : d.getInfo<CL_DEVICE_OPENCL_C_FEATURES>())
            c.opencl_c_features.insert(f.name);
    } catch (const cl::Error&) {
        // Pre-3.0 device: only CL_DEVICE_OPENCL_C_VERSION is there.
    }
    c.nv_cc = entry.facts.nv_cc_major * 10 + entry.facts.nv_cc_minor;

    cl_device_fp_config dbl = 0;
    clGetDeviceInfo(d(), CL_DEVICE_DOUBLE_FP_CONFIG, sizeof dbl, &dbl, nullptr);
    c.fp64 = c.has_extension("cl_khr_fp64") || dbl != 0;

    if (c.has_extension("cl_khr_fp16")) {
        c.fp16 = !try_compile(context, d, kHalfProbe, "").has_value();
        if (!c.fp16) c.probe_notes.push_back("cl_khr_fp16 reported but a half kernel failed");
    }
    if (c.has_extension("cl_khr_subgroups") || c.has_feature("__opencl_c_subgroups")) {
        const std::string std = c.cl_std_for_subgroups();
        c.khr_subgroups = !std.empty() && !try_compile(context, d, kKhrSubgroupProbe, std);
        if (!c.khr_subgroups)
            c.probe_notes.push_back("khr sub-groups reported but a probe kernel failed");
    }
    if (c.has_extension("cl_intel_subgroups")) {
        c.intel_subgroups = !try_compile(context, d, kIntelSubgroupProbe, "").has_value();
        if (!c.intel_subgroups)
            c.probe_notes.push_back("cl_intel_subgroups reported but a probe kernel failed");
        c.intel_block_io =
            c.intel_subgroups && !try_compile(context, d, kIntelBlockProbe, "").has_value();
        if (c.intel_subgroups && !c.intel_block_io)
            c.probe_notes.push_back(
                "cl_intel_subgroups reported but intel_sub_group_block_read/write do not build");
        // Sized by a first query: PoCL on a CPU offers hundreds of sizes.
        const cl_device_info kSizes = 0x4108; // CL_DEVICE_SUB_GROUP_SIZES_INTEL
        size_t bytes = 0;
        if (clGetDeviceInfo(d(), kSizes, 0, nullptr, &bytes) == CL_SUCCESS &&
            bytes >= sizeof(size_t)) {
            std::vector<size_t> sizes(bytes / sizeof(size_t));
            if (clGetDeviceInfo(d(), kSizes, sizes.size() * sizeof(size_t), sizes.data(),
                                nullptr) == CL_SUCCESS)
                c.intel_subgroup_sizes = std::move(sizes);
        }
    }
    if (c.intel_subgroups && c.has_extension("cl_intel_subgroup_matrix_multiply_accumulate") &&
        std::find(c.intel_subgroup_sizes.begin(), c.intel_subgroup_sizes.end(), size_t(16)) !=
            c.intel_subgroup_sizes.end()) {
        // Debian's offline compiler declares the built-ins only with the extension macro set.
        c.intel_dpas =
            !try_compile(context, d, kDpasProbe, "-Dcl_intel_subgroup_matrix_multiply_accumulate")
                 .has_value();
        if (!c.intel_dpas)
            c.probe_notes.push_back(
                "cl_intel_subgroup_matrix_multiply_accumulate reported but a DPAS probe failed");
    }
    c.image_gap = missing_image_formats(context, d);
    c.images = c.image_gap.empty();
    if (entry.facts.is_nvidia()) c.inline_ptx = !try_compile(context, d, kPtxProbe, "").has_value();
    if (entry.facts.is_amd() && entry.facts.is_gpu()) {
        c.amd_dot4 = !try_compile(context, d, kAmdDot4Probe, "").has_value();
        const std::string gfx = amd_gfx(entry.facts.name);
        if (gfx == "gfx908" || gfx == "gfx90a")
            c.amd_mfma_i8 = !try_compile(context, d, kAmdMfmaI8Probe, "").has_value();
    }
    if (c.has_extension("cl_khr_integer_dot_product")) {
        cl_bitfield caps = 0;
        clGetDeviceInfo(d(), 0x1073 /* CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR */,
                        sizeof caps, &caps, nullptr);
        const std::string std = c.opencl_c_major >= 3 ? "-cl-std=CL3.0" : "";
        c.int_dot_4x8 = (caps & 0x2 /* INPUT_4x8BIT */) != 0 &&
                        !try_compile(context, d, kDot4x8Probe, std).has_value();
    }
    detect_atomics(context, entry, c);
    return c;
}

} // namespace

Capabilities detect_capabilities(const cl::Context& context, const DeviceEntry& entry) {
    const std::string key = capability_key(entry);
    if (auto remembered = recall_capabilities(key)) return *remembered;
    Capabilities c = probe_capabilities(context, entry);
    remember_capabilities(key, c);
    return c;
}

} // namespace clgauge
