#include "core/device.hpp"

#include "base/env.hpp"
#include "base/host_cpu.hpp"
#include "core/ctest_resource_spec.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace clgauge {
namespace {
std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}
bool contains_ci(const std::string& hay, const std::string& needle) {
    return lower(hay).find(lower(needle)) != std::string::npos;
}
std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\0' || std::isspace(static_cast<unsigned char>(s.back()))))
        s.pop_back();
    size_t b = 0;
    while (b < s.size() && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    return s.substr(b);
}
template <typename T> T info_or(const cl::Device& d, cl_device_info what, T fallback) {
    T value{};
    if (clGetDeviceInfo(d(), what, sizeof(T), &value, nullptr) != CL_SUCCESS) return fallback;
    return value;
}
} // namespace

bool DeviceFacts::is_nvidia() const {
    return vendor_id == 0x10de || contains_ci(vendor, "nvidia");
}
bool DeviceFacts::is_intel() const {
    return vendor_id == 0x8086 || contains_ci(vendor, "intel");
}
bool DeviceFacts::is_amd() const {
    return vendor_id == 0x1002 || contains_ci(vendor, "advanced micro") ||
           contains_ci(vendor, "amd");
}

DeviceFacts query_facts(const cl::Platform& platform, const cl::Device& device) {
    DeviceFacts f;
    f.platform = trim(platform.getInfo<CL_PLATFORM_NAME>());
    f.name = trim(device.getInfo<CL_DEVICE_NAME>());
    f.vendor = trim(device.getInfo<CL_DEVICE_VENDOR>());
    f.driver = trim(device.getInfo<CL_DRIVER_VERSION>());
    f.device_version = trim(device.getInfo<CL_DEVICE_VERSION>());
    f.opencl_c_version = trim(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
    f.type = device.getInfo<CL_DEVICE_TYPE>();
    f.vendor_id = device.getInfo<CL_DEVICE_VENDOR_ID>();
    f.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    f.clock_mhz = device.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
    f.global_mem = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    f.global_cache = device.getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>();
    f.local_mem = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    f.max_alloc = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    f.constant_buffer = device.getInfo<CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE>();
    f.max_work_group = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    f.preferred_width_float = device.getInfo<CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT>();
    f.native_width_float = device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>();
    f.timer_resolution_ns = device.getInfo<CL_DEVICE_PROFILING_TIMER_RESOLUTION>();
    if (device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_device_uuid") != std::string::npos) {
        // CL_DEVICE_UUID_KHR: what tells two GPUs of one kind apart across processes and hosts.
        std::array<unsigned char, 16> id{};
        if (clGetDeviceInfo(device(), 0x106A, id.size(), id.data(), nullptr) == CL_SUCCESS) {
            char hex[3];
            for (unsigned char byte : id) {
                std::snprintf(hex, sizeof hex, "%02x", byte);
                f.uuid += hex;
            }
        }
    }
    if (f.is_nvidia()) {
        // cl_nv_device_attribute_query; absent on other vendors, so queried only here.
        f.nv_cc_major = static_cast<int>(info_or<cl_uint>(device, 0x4000, 0));
        f.nv_cc_minor = static_cast<int>(info_or<cl_uint>(device, 0x4001, 0));
        cl_uint bus = info_or<cl_uint>(device, 0x4008, 0xffffffffu);
        cl_uint slot = info_or<cl_uint>(device, 0x4009, 0xffffffffu);
        if (bus != 0xffffffffu && slot != 0xffffffffu) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%02x:%02x", bus, slot);
            f.pci_bus_id = buf;
        }
    }
    return f;
}

CoreEstimate estimate_cores(const DeviceFacts& f) {
    CoreEstimate e;
    if (f.is_nvidia() && f.nv_cc_major > 0) {
        const int cc = f.nv_cc_major * 10 + f.nv_cc_minor;
        // FP32 lanes per SM by architecture (CUDA programming guide, arithmetic throughput).
        unsigned lanes = 64;
        if (cc >= 100)
            lanes = 128; // Blackwell
        else if (cc == 90)
            lanes = 128; // Hopper
        else if (cc >= 86)
            lanes = 128; // GA10x, Ada
        else if (cc == 80)
            lanes = 64; // A100
        else if (cc >= 70)
            lanes = 64; // Volta, Turing
        else if (cc == 60)
            lanes = 64; // P100
        else if (cc >= 50)
            lanes = 128; // Maxwell, GP10x
        else
            lanes = 192; // Kepler
        e.lanes_per_cu = lanes;
        e.basis =
            "NVIDIA sm_" + std::to_string(cc) + ": " + std::to_string(lanes) + " FP32 lanes/SM";
        e.bounds_fp32 = true;
    } else if (f.is_intel() && f.is_gpu()) {
        e.lanes_per_cu = 8; // Intel reports EUs (Xe vector engines) as compute units
        e.basis = "Intel GPU: 8 FP32 lanes/EU";
    } else if (f.is_amd() && f.is_gpu()) {
        e.lanes_per_cu = 64;
        e.basis = "AMD GPU: 64 FP32 lanes/CU (dual issue not counted)";
    } else if (f.is_cpu()) {
        // The host bounds any CPU device on it, whatever clock and units the device reports.
        const HostCpu& host = host_cpu();
        if (host.fp32_lanes > 0 && host.clock_mhz > 0) {
            e.lanes_per_cu = host.fp32_lanes * HostCpu::kFmaPipes;
            e.host_units = host.logical_cpus;
            e.host_clock_mhz = host.clock_mhz;
            e.basis = host.basis();
            e.bounds_fp32 = true;
        } else {
            e.lanes_per_cu = std::max<cl_uint>(1, f.native_width_float);
            e.basis = "CPU: native float vector width per thread at the reported clock "
                      "(an estimate, no bound: the host's clock could not be measured)";
        }
    } else {
        e.lanes_per_cu = 1;
        e.basis = "unknown architecture: 1 lane/CU";
    }
    return e;
}

std::vector<DeviceEntry> list_devices() {
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error&) {
        platforms.clear();
    }
    if (platforms.empty())
        throw NoPlatformError(
            "no OpenCL platform found. Install a driver and the ICD loader, e.g. on Debian: "
            "apt-get install ocl-icd-libopencl1 pocl-opencl-icd clinfo (CPU), or your GPU "
            "vendor's OpenCL driver; `clinfo` must list the device.");
    std::vector<DeviceEntry> out;
    for (auto& p : platforms) {
        std::vector<cl::Device> devices;
        try {
            p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        } catch (const cl::Error&) {
            continue; // CL_DEVICE_NOT_FOUND: an ICD installed without its hardware
        }
        for (auto& d : devices) {
            DeviceEntry e;
            e.index = out.size();
            e.platform = p;
            e.device = d;
            e.facts = query_facts(p, d);
            out.push_back(std::move(e));
        }
    }
    if (out.empty())
        throw NoPlatformError("OpenCL platforms were found but none has a device; check the "
                              "driver installation with `clinfo`.");
    return out;
}

std::string describe_device_list(const std::vector<DeviceEntry>& all) {
    std::ostringstream s;
    for (const auto& e : all) {
        s << "  " << e.index << ": " << e.facts.name << " [" << e.facts.platform << ", "
          << (e.facts.is_gpu()   ? "GPU"
              : e.facts.is_cpu() ? "CPU"
                                 : "other")
          << "]\n";
    }
    return s.str();
}

std::string device_identity(const DeviceFacts& facts) {
    std::string ids;
    if (!facts.pci_bus_id.empty()) ids += "PCI " + facts.pci_bus_id;
    if (!facts.uuid.empty()) ids += (ids.empty() ? "" : ", ") + std::string("UUID ") + facts.uuid;
    return facts.name + (ids.empty() ? "" : " [" + ids + "]");
}

std::vector<DeviceEntry> matching_devices(const std::vector<DeviceEntry>& all,
                                          const std::string& spec) {
    const bool numeric = !spec.empty() && std::all_of(spec.begin(), spec.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
    std::vector<DeviceEntry> hits;
    if (numeric) {
        // More digits than any index can hold: no device, not an out_of_range.
        size_t idx = 0;
        const auto [end, ec] = std::from_chars(spec.data(), spec.data() + spec.size(), idx);
        if (ec == std::errc() && end == spec.data() + spec.size() && idx < all.size())
            hits.push_back(all[idx]);
        return hits;
    }
    for (const auto& e : all)
        if (contains_ci(e.facts.name, spec) || contains_ci(e.facts.platform, spec))
            hits.push_back(e);
    return hits;
}

std::vector<DeviceEntry> select_devices(const std::vector<DeviceEntry>& all,
                                        const std::vector<std::string>& specs) {
    if (specs.empty()) {
        for (const auto& e : all)
            if (e.facts.is_gpu()) return {e};
        return {all.front()};
    }
    std::vector<DeviceEntry> chosen;
    for (const auto& spec : specs) {
        const auto hits = matching_devices(all, spec);
        if (hits.empty())
            throw UnknownDeviceError("unknown device '" + spec + "'. Devices:\n" +
                                     describe_device_list(all));
        const DeviceEntry* hit = &hits.front();
        // The same device twice would be measured twice and reported as two devices.
        for (size_t i = 0; i < chosen.size(); ++i)
            if (chosen[i].index == hit->index)
                throw UnknownDeviceError("devices '" + specs[i] + "' and '" + spec +
                                         "' are the same device (" + std::to_string(hit->index) +
                                         ": " + hit->facts.name + "); name each device once\n");
        chosen.push_back(*hit);
    }
    return chosen;
}

std::string device_spec_from_env() {
    // Under `ctest --resource-spec-file` the allocation decides; CLGAUGE_DEVICE otherwise.
    if (auto allocated = device_from_resource_env()) return *allocated;
    return env_text("CLGAUGE_DEVICE");
}

} // namespace clgauge
