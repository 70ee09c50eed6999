// Finding OpenCL devices, choosing one, and the facts the device table prints.
#pragma once
#include "core/opencl.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

struct DeviceFacts {
    std::string platform, name, vendor, driver, device_version, opencl_c_version;
    cl_device_type type = 0;
    cl_uint compute_units = 0, clock_mhz = 0;
    cl_uint vendor_id = 0;
    std::string pci_bus_id;               // "0000:00:00.0" where the device tells it
    std::string uuid;                     // cl_khr_device_uuid, hex; empty where not reported
    int nv_cc_major = 0, nv_cc_minor = 0; // NVIDIA compute capability, 0 when unknown
    cl_ulong global_mem = 0, global_cache = 0, local_mem = 0, max_alloc = 0, constant_buffer = 0;
    size_t max_work_group = 0;
    cl_uint preferred_width_float = 0, native_width_float = 0;
    cl_ulong timer_resolution_ns = 0;

    bool is_gpu() const { return (type & CL_DEVICE_TYPE_GPU) != 0; }
    bool is_cpu() const { return (type & CL_DEVICE_TYPE_CPU) != 0; }
    bool is_nvidia() const;
    bool is_intel() const;
    bool is_amd() const;
};

// FP32 lanes per compute unit from a per-vendor/architecture table, with how it was derived.
struct CoreEstimate {
    unsigned lanes_per_cu = 0;
    std::string basis; // e.g. "NVIDIA sm_90: 128 FP32 lanes/SM"
    // The lanes are the architecture's (a documented table, no dual issue or wider vector
    // engines left out), so fp32_peak bounds what the device can compute.
    bool bounds_fp32 = false;
    // Where the estimate is the host's (a CPU device): the host's logical CPUs and measured
    // clock in place of the compute units and clock the device reports (base/host_cpu.hpp).
    unsigned host_units = 0;
    double host_clock_mhz = 0;
    unsigned units(const DeviceFacts& f) const {
        return host_units > 0 ? host_units : f.compute_units;
    }
    double clock_mhz(const DeviceFacts& f) const {
        return host_units > 0 ? host_clock_mhz : double(f.clock_mhz);
    }
    unsigned cores(const DeviceFacts& f) const { return lanes_per_cu * units(f); }
    // Theoretical FP32 rate in FLOP/s (an FMA counts as two operations).
    double fp32_peak(const DeviceFacts& f) const { return 2.0 * cores(f) * clock_mhz(f) * 1e6; }
};
CoreEstimate estimate_cores(const DeviceFacts& facts);

struct DeviceEntry {
    size_t index = 0; // position in the flat list over all platforms
    cl::Platform platform;
    cl::Device device;
    DeviceFacts facts;
};

// Every device of every platform, in platform order. A platform whose device query fails
// (an installed ICD with no hardware) contributes nothing. Throws NoPlatformError when the
// loader finds no platform at all.
std::vector<DeviceEntry> list_devices();
DeviceFacts query_facts(const cl::Platform& platform, const cl::Device& device);

struct NoPlatformError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct UnknownDeviceError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A device spec is an index ("1") or a case-insensitive substring of the platform or device
// name ("H200", "pocl"). Empty: the first GPU, else the first device.
std::vector<DeviceEntry> select_devices(const std::vector<DeviceEntry>& all,
                                        const std::vector<std::string>& specs);
// Every device one spec names, in list order: an index names one, a name every device whose
// device or platform name holds it ("NVIDIA": each NVIDIA GPU). Empty when none matches.
std::vector<DeviceEntry> matching_devices(const std::vector<DeviceEntry>& all,
                                          const std::string& spec);
// The device CTest allocated (CTEST_RESOURCE_GROUP_0_GPUS, core/ctest_resource_spec.hpp), else
// CLGAUGE_DEVICE, else empty.
std::string device_spec_from_env();

std::string describe_device_list(const std::vector<DeviceEntry>& all);

// The device as a log line names it, so that one of several identical GPUs is found without
// reading further: "NVIDIA H200 [PCI 00:06, UUID 5f1c...]" (what the device reports of them).
std::string device_identity(const DeviceFacts& facts);

} // namespace clgauge
