#include "core/capabilities.hpp"

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
    try {
        program.build(std::vector<cl::Device>{device}, options.c_str());
        return std::nullopt;
    } catch (const cl::Error&) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        } catch (const cl::Error&) {
        }
        return log.empty() ? std::string("(empty build log)") : log;
    }
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
const char* kDot4x8Probe = R"(
kernel void probe(global int* p) { p[0] = dot(as_char4(p[1]), as_char4(p[2])); }
)";

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

Capabilities detect_capabilities(const cl::Context& context, const DeviceEntry& entry) {
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
    if (c.has_extension("cl_khr_integer_dot_product")) {
        cl_bitfield caps = 0;
        clGetDeviceInfo(d(), 0x1073 /* CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR */,
                        sizeof caps, &caps, nullptr);
        const std::string std = c.opencl_c_major >= 3 ? "-cl-std=CL3.0" : "";
        c.int_dot_4x8 = (caps & 0x2 /* INPUT_4x8BIT */) != 0 &&
                        !try_compile(context, d, kDot4x8Probe, std).has_value();
    }
    return c;
}

} // namespace clgauge
