#include "core/near_device.hpp"

#include "core/pcie_link.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <sstream>

namespace clgauge {
namespace {

std::optional<std::vector<int>> current_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return std::nullopt;
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) cpus.push_back(c);
    return cpus;
}

bool run_on(const std::vector<int>& cpus) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c : cpus)
        if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0;
}

} // namespace

std::vector<int> parse_cpulist(const std::string& list) {
    std::vector<int> cpus;
    std::stringstream in(list);
    for (std::string part; std::getline(in, part, ',');) {
        if (part.empty()) return {};
        char* end = nullptr;
        const long lo = std::strtol(part.c_str(), &end, 10);
        long hi = lo;
        if (*end == '-') hi = std::strtol(end + 1, &end, 10);
        if (*end != '\0' || end == part.c_str() || lo < 0 || hi < lo || hi >= CPU_SETSIZE)
            return {};
        for (long c = lo; c <= hi; ++c)
            cpus.push_back(int(c));
    }
    return cpus;
}

NearDevice::NearDevice(const DeviceFacts& facts, const std::filesystem::path& sys) {
    const auto dev = pci_sysfs_dir(facts, sys);
    if (!dev) {
        note_ = "no PCI function known for the device: host threads and buffers where the OS "
                "puts them";
        return;
    }
    const std::string node = sysfs_line(*dev / "numa_node");
    if (node.empty() || node[0] == '-') {
        note_ = dev->filename().string() + " reports no NUMA node (" +
                (node.empty() ? "none" : node) + "): one node, nothing to place";
        return;
    }
    const std::string list = sysfs_line(*dev / "local_cpulist");
    const std::vector<int> cpus = parse_cpulist(list);
    auto before = current_cpus();
    if (cpus.empty() || !before) {
        note_ = "NUMA node " + node + ", but its CPUs ('" + list + "') could not be read";
        return;
    }
    if (!run_on(cpus)) {
        note_ = "NUMA node " + node + " (CPUs " + list +
                "): the thread could not be moved there (" + std::strerror(errno) + ")";
        return;
    }
    restore_ = std::move(before);
    note_ =
        "NUMA node " + node + " (CPUs " + list + "): the measuring threads and host buffers there";
}

NearDevice::~NearDevice() {
    if (restore_) (void)run_on(*restore_);
}

} // namespace clgauge
