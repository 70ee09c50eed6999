// The PCIe link a device sits on, as Linux reports it.
#pragma once
#include "core/device.hpp"

#include <optional>
#include <string>

namespace clgauge {

// The device's PCIe link as Linux reports it ("Gen5 x16 (32.0 GT/s PCIe), max Gen5 x16"),
// found by the PCI bus id NVIDIA reports; nullopt when unknown.
std::optional<std::string> pcie_link_from_sysfs(const DeviceFacts& facts);

} // namespace clgauge
