// The host CPUs and memory nearest a device: on a host of several NUMA nodes a copy from memory
// on the far node crosses the sockets' link, and a measuring thread there times the link too.
#pragma once
#include "core/device.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// The CPUs of a Linux cpulist ("0-15,32-47"); empty where it does not parse.
std::vector<int> parse_cpulist(const std::string& list);

// While it lives, the calling thread (and the threads it starts, which inherit it) runs on the
// CPUs of the device's NUMA node, so that the host memory it touches first is placed there
// (Linux's first-touch policy); the thread's CPU set is restored after. Where the device reports
// no node (a single-node host, a VM: numa_node -1) or no PCI function, nothing is moved and
// note() says why.
class NearDevice {
  public:
    // `sys`: where sysfs is (a test's own tree).
    explicit NearDevice(const DeviceFacts& facts, const std::filesystem::path& sys = "/sys");
    ~NearDevice();
    NearDevice(const NearDevice&) = delete;
    NearDevice& operator=(const NearDevice&) = delete;

    // "node 1 (CPUs 0-15,32-47): the measuring threads and host buffers there", or why not.
    const std::string& note() const { return note_; }

  private:
    std::string note_;
    std::optional<std::vector<int>> restore_; // the thread's CPUs before, where it was moved
};

} // namespace clgauge
