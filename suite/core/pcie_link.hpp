// The PCIe link a device sits on, as Linux reports it.
#pragma once
#include "core/device.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace clgauge {

// The device's PCIe link as Linux reports it ("Gen5 x16 (32.0 GT/s PCIe), max Gen5 x16"),
// found by the PCI bus id NVIDIA reports; nullopt when unknown.
std::optional<std::string> pcie_link_from_sysfs(const DeviceFacts& facts);

// The device's PCI function in sysfs ("/sys/bus/pci/devices/0000:41:00.0"), found by the PCI
// bus id NVIDIA reports; nullopt when unknown. `sys`: where sysfs is (a test's own tree).
std::optional<std::filesystem::path> pci_sysfs_dir(const DeviceFacts& facts,
                                                   const std::filesystem::path& sys = "/sys");

// The first line of a sysfs file ("" when it cannot be read).
std::string sysfs_line(const std::filesystem::path& file);

} // namespace clgauge
