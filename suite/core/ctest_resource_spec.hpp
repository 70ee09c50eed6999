// CTest resource allocation for hosts with several devices (docs/ci.md): clgauge writes the
// resource spec file from the devices it sees, and a test case run with one takes its device
// from the allocation CTest hands it in the environment.
#pragma once
#include "core/device.hpp"

#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// The resource type every device-bound case asks for (RESOURCE_GROUPS "gpus:N"); CPU
// devices are "gpus" too: the name only has to match the CMake side.
inline constexpr const char* kResourceType = "gpus";
// Slots per device in the spec file: a conformance case takes one, so up to this many share a
// device; a perf case takes all of them, so it runs alone on its device (CMake's
// CLGAUGE_DEVICE_SLOTS sets both sides).
unsigned device_slots();

// The devices a spec file holds: with no specs, the devices under test: every GPU and
// accelerator, or every device when there is none (a CPU-only host); with specs, every device
// each one names (core/device.hpp matching_devices: "NVIDIA" is every NVIDIA GPU, "pocl" a CPU
// asked for), in list order, each once. Throws UnknownDeviceError for a spec naming none.
std::vector<DeviceEntry> devices_under_test(const std::vector<DeviceEntry>& all,
                                            const std::vector<std::string>& specs);

// The resource spec file (CTest format 1.0) listing `devices` as "gpus", each with `slots`
// slots; the ids are device indices, which select_devices accepts.
std::string resource_spec_json(const std::vector<DeviceEntry>& devices, unsigned slots);

// The device id in one allocation value "id:X,slots:N" (CTEST_RESOURCE_GROUP_0_GPUS); a
// value naming several resources ("id:0,slots:1;id:1,slots:1") uses the first. Throws
// std::invalid_argument naming `variable` when there is no id.
std::string device_from_allocation(const std::string& value, const std::string& variable);

// The device CTest allocated to this process's first resource group, when it runs under
// `ctest --resource-spec-file`: CTEST_RESOURCE_GROUP_0_GPUS parsed; nullopt otherwise.
std::optional<std::string> device_from_resource_env();

} // namespace clgauge
