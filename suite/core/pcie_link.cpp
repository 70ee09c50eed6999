#include "core/pcie_link.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace clgauge {
namespace {

int generation_of(const std::string& speed) { // "32.0 GT/s PCIe"
    const double gts = std::atof(speed.c_str());
    const double table[] = {2.5, 5, 8, 16, 32, 64};
    for (int g = 0; g < 6; ++g)
        if (std::abs(gts - table[g]) < 0.1) return g + 1;
    return 0;
}

} // namespace

std::optional<std::filesystem::path> pci_sysfs_dir(const DeviceFacts& f,
                                                   const std::filesystem::path& sys) {
    if (f.pci_bus_id.size() != 5) return std::nullopt; // "bb:ss" from cl_nv_device_attribute_query
    const unsigned bus = unsigned(std::strtoul(f.pci_bus_id.substr(0, 2).c_str(), nullptr, 16));
    const unsigned slot = unsigned(std::strtoul(f.pci_bus_id.substr(3, 2).c_str(), nullptr, 16));
    std::error_code ec;
    for (const auto& dev : std::filesystem::directory_iterator(sys / "bus/pci/devices", ec)) {
        const std::string name = dev.path().filename().string(); // "0000:41:00.0"
        unsigned d = 0, b = 0, sl = 0, fn = 0;
        if (std::sscanf(name.c_str(), "%x:%x:%x.%x", &d, &b, &sl, &fn) != 4) continue;
        if (b != bus || (sl != slot && sl != (slot >> 3)) || fn != 0) continue;
        return dev.path();
    }
    return std::nullopt;
}

std::string sysfs_line(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line;
}

std::optional<std::string> pcie_link_from_sysfs(const DeviceFacts& f) {
    const auto dev = pci_sysfs_dir(f);
    if (!dev) return std::nullopt;
    const std::string speed = sysfs_line(*dev / "current_link_speed");
    const std::string width = sysfs_line(*dev / "current_link_width");
    if (speed.empty() || width.empty()) return std::nullopt;
    const std::string max_speed = sysfs_line(*dev / "max_link_speed");
    const std::string max_width = sysfs_line(*dev / "max_link_width");
    return dev->filename().string() + ": Gen" + std::to_string(generation_of(speed)) + " x" +
           width + " (" + speed + ") now, max Gen" + std::to_string(generation_of(max_speed)) +
           " x" + max_width;
}

} // namespace clgauge
