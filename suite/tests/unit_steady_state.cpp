// label unit: the warm-up rule (core/steady_state.hpp), the timing that applies it, and the
// placement of host threads near a device (core/near_device.hpp): no device needed.
#include "core/near_device.hpp"
#include "core/steady_state.hpp"
#include "core/timing.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

namespace clgauge {
namespace {

// Copy times of 256 MiB at `rates` GB/s.
std::vector<double> times_at(const std::vector<double>& rates) {
    std::vector<double> t;
    for (double r : rates)
        t.push_back(0.268435456 / r);
    return t;
}

// Planted fault "a ramp kept in the figure": a pinned copy that ramps 23.5 -> 55 GB/s over
// its first samples, then holds 55 within 1%.
TEST(SteadyState, ARampAtTheStartIsLeftOut) {
    const auto t = times_at({23.5, 31.0, 42.0, 50.5, 54.9, 55.2, 54.8, 55.1, 55.3, 54.7, 55.0, 55.2,
                             54.9, 55.1, 55.0, 54.8});
    EXPECT_EQ(warmup_samples(t), 4u);
}

TEST(SteadyState, NoiseAndALateSlowSampleAreKept) {
    // Within 1%: no warm-up.
    EXPECT_EQ(warmup_samples(times_at({55.0, 54.6, 55.3, 54.9, 55.1, 55.2, 54.8, 55.0})), 0u);
    // A slow sample after a steady one is the host's noise, not warm-up.
    EXPECT_EQ(warmup_samples(times_at({55.0, 30.0, 55.3, 54.9, 55.1, 55.2, 54.8, 55.0})), 0u);
    // Pageable copies that vary by a third from one to the next have no ramp to find.
    EXPECT_EQ(warmup_samples(times_at({7.0, 9.1, 6.8, 8.4, 9.0, 7.2, 6.9, 8.8, 7.7, 9.2})), 0u);
    // Too few samples to tell a ramp from noise.
    EXPECT_EQ(warmup_samples(times_at({20.0, 55.0, 55.0, 55.0, 55.0})), 0u);
}

TEST(SteadyState, AtMostHalfOfTheSamplesAreLeftOut) {
    EXPECT_EQ(warmup_samples(times_at({10, 11, 12, 13, 14, 15, 55, 55, 55, 55})), 5u);
}

// The timing drops the ramp and takes as many samples again, and says how many.
TEST(SteadyState, TheTimingTakesTheDroppedSamplesAgain) {
    Timings t;
    t.device = summarize(times_at({23.5, 31.0, 42.0, 55.0, 55.1, 54.9, 55.2, 55.0, 54.8, 55.1}));
    t.host = t.device;
    int asked = 0;
    const Timings steady = at_steady_state(t, [&](int n) {
        asked = n;
        Timings more;
        more.device = summarize(times_at(std::vector<double>(size_t(n), 55.0)));
        more.host = more.device;
        return more;
    });
    EXPECT_EQ(asked, 3);
    EXPECT_EQ(steady.warmup_dropped, 3u);
    EXPECT_EQ(steady.device.count(), 10u);
    EXPECT_GT(steady.device.max, 0.268435456 / 55.3);
    EXPECT_LT(steady.device.max, 0.268435456 / 54.7) << "no warm-up sample left";
}

// A harness that counts its own launches gets its ramp left out, and is not asked again.
TEST(SteadyState, AOneBatchHarnessLosesItsRampAndIsNotAskedAgain) {
    Timings t;
    t.device = summarize(times_at({23.5, 31.0, 42.0, 55.0, 55.1, 54.9, 55.2, 55.0, 54.8, 55.1}));
    t.host = t.device;
    const Timings steady = without_warmup(t);
    EXPECT_EQ(steady.warmup_dropped, 3u);
    EXPECT_EQ(steady.device.count(), 7u);
    EXPECT_EQ(steady.host.count(), 7u);
}

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
