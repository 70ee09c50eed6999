// label unit: the placement of host threads near a device (core/near_device.hpp), on sysfs
// trees of the test's own: no device needed.
#include "core/near_device.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

namespace clgauge {
namespace {

TEST(NearDevice, CpuListsParse) {
    EXPECT_EQ(parse_cpulist("0-3,8,10-11"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
    EXPECT_EQ(parse_cpulist("5"), std::vector<int>{5});
    EXPECT_TRUE(parse_cpulist("").empty());
    EXPECT_TRUE(parse_cpulist("3-1").empty());
    EXPECT_TRUE(parse_cpulist("a-b").empty());
    EXPECT_TRUE(parse_cpulist("0,,1").empty());
}

// A device with no PCI function known (a CPU device, another vendor) moves nothing and says so.
TEST(NearDevice, ADeviceWithoutAPciFunctionMovesNothing) {
    DeviceFacts f;
    f.name = "cpu";
    const NearDevice near(f);
    EXPECT_NE(near.note().find("no PCI function"), std::string::npos) << near.note();
}

// A sysfs tree of one NVIDIA function at bus 41, slot 00 (what cl_nv_device_attribute_query
// reports as "41:00"), on node `node` with CPUs `cpus`.
std::filesystem::path fake_sysfs(const std::string& node, const std::string& cpus) {
    const auto root = std::filesystem::temp_directory_path() /
                      ("clgauge-sysfs-" + std::to_string(::getpid()) + "-" + node);
    const auto dev = root / "bus/pci/devices/0000:41:00.0";
    std::filesystem::create_directories(dev);
    std::ofstream(dev / "numa_node") << node << "\n";
    std::ofstream(dev / "local_cpulist") << cpus << "\n";
    return root;
}

std::vector<int> my_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    EXPECT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
    std::vector<int> v;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) v.push_back(c);
    return v;
}

// Planted fault "a measuring thread left where the OS put it": a device on node 1 whose CPUs
// are one of ours moves the thread there while the scope lives, and back after.
TEST(NearDevice, TheThreadRunsOnTheDevicesNodeWhileTheScopeLives) {
    const std::vector<int> before = my_cpus();
    ASSERT_FALSE(before.empty());
    DeviceFacts f;
    f.pci_bus_id = "41:00";
    const auto sys = fake_sysfs("1", std::to_string(before.back()));
    {
        const NearDevice near(f, sys);
        EXPECT_EQ(my_cpus(), std::vector<int>{before.back()}) << near.note();
        EXPECT_NE(near.note().find("NUMA node 1 (CPUs " + std::to_string(before.back()) + ")"),
                  std::string::npos)
            << near.note();
    }
    EXPECT_EQ(my_cpus(), before) << "the thread's CPUs are restored";
    std::filesystem::remove_all(sys);
}

// A VM's GPU reports no node (-1): nothing is moved, and the note says why.
TEST(NearDevice, NoNodeReportedMovesNothing) {
    const std::vector<int> before = my_cpus();
    DeviceFacts f;
    f.pci_bus_id = "41:00";
    const auto sys = fake_sysfs("-1", "0-3");
    {
        const NearDevice near(f, sys);
        EXPECT_EQ(my_cpus(), before);
        EXPECT_NE(near.note().find("reports no NUMA node (-1)"), std::string::npos) << near.note();
    }
    std::filesystem::remove_all(sys);
}

} // namespace
} // namespace clgauge
