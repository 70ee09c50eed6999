// CTest resource allocation (docs/ci.md): the spec file clgauge writes, and the device a
// test case takes from the allocation CTest gives it.
#include "core/ctest_resource_spec.hpp"

#include <cstdlib>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace clgauge {
namespace {

std::vector<DeviceEntry> two_cpu_devices() {
    std::vector<DeviceEntry> v(2);
    v[0].index = 0;
    v[0].facts.name = "pthread-skylake-avx512-Intel(R) Xeon(R) Processor";
    v[0].facts.platform = "Portable Computing Language";
    v[1].index = 1;
    v[1].facts.name = "Intel(R) Xeon(R) Processor";
    v[1].facts.platform = "Intel(R) OpenCL";
    return v;
}

TEST(ResourceSpec, ListsEveryDeviceAsGpusWithItsIndexAsId) {
    const auto devices = two_cpu_devices();
    const auto spec = nlohmann::json::parse(resource_spec_json(devices, 4));
    EXPECT_EQ(spec["version"]["major"], 1);
    EXPECT_EQ(spec["version"]["minor"], 0);
    ASSERT_EQ(spec["local"].size(), 1u);
    const auto& gpus = spec["local"][0]["gpus"];
    ASSERT_EQ(gpus.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(gpus[i]["slots"], 4);
        // The id is a device selector clgauge accepts, and selects that device.
        const std::string id = gpus[i]["id"];
        EXPECT_EQ(select_devices(devices, {id}).front().facts.platform, devices[i].facts.platform);
    }
}

// A host as driver CI has them: a CPU device first (PoCL), then two GPUs of one kind.
std::vector<DeviceEntry> cpu_and_two_gpus() {
    std::vector<DeviceEntry> v(3);
    v[0].facts.name = "cpu-sapphirerapids-Intel(R) Xeon(R) Platinum";
    v[0].facts.platform = "Portable Computing Language";
    v[0].facts.type = CL_DEVICE_TYPE_CPU;
    for (size_t i = 1; i < 3; ++i) {
        v[i].facts.name = "NVIDIA H200";
        v[i].facts.platform = "NVIDIA CUDA";
        v[i].facts.type = CL_DEVICE_TYPE_GPU;
    }
    for (size_t i = 0; i < v.size(); ++i)
        v[i].index = i;
    return v;
}

std::vector<size_t> indices(const std::vector<DeviceEntry>& devices) {
    std::vector<size_t> v;
    for (const auto& d : devices)
        v.push_back(d.index);
    return v;
}

TEST(ResourceSpec, HoldsTheGpusNotTheCpuOfAHostWithGpus) {
    EXPECT_EQ(indices(devices_under_test(cpu_and_two_gpus(), {})), (std::vector<size_t>{1, 2}));
}

TEST(ResourceSpec, HoldsEveryDeviceOfAHostWithoutGpus) {
    EXPECT_EQ(indices(devices_under_test(two_cpu_devices(), {})), (std::vector<size_t>{0, 1}));
}

TEST(ResourceSpec, ANameTakesEveryDeviceItMatches) {
    EXPECT_EQ(indices(devices_under_test(cpu_and_two_gpus(), {"NVIDIA"})),
              (std::vector<size_t>{1, 2}));
    EXPECT_EQ(indices(devices_under_test(cpu_and_two_gpus(), {"h200"})),
              (std::vector<size_t>{1, 2}));
}

TEST(ResourceSpec, ACpuIsHeldWhenAskedForAndEachDeviceOnce) {
    EXPECT_EQ(indices(devices_under_test(cpu_and_two_gpus(), {"Portable", "0", "NVIDIA", "2"})),
              (std::vector<size_t>{0, 1, 2}));
}

TEST(ResourceSpec, ASelectorNamingNothingIsRefused) {
    EXPECT_THROW((void)devices_under_test(cpu_and_two_gpus(), {"AMD"}), UnknownDeviceError);
    EXPECT_THROW((void)devices_under_test(cpu_and_two_gpus(), {"99999999999999999999999"}),
                 UnknownDeviceError);
}

TEST(DeviceIdentity, NamesThePciBusAndUuidWhereReported) {
    DeviceFacts f;
    f.name = "NVIDIA H200";
    EXPECT_EQ(device_identity(f), "NVIDIA H200");
    f.pci_bus_id = "00:06";
    f.uuid = "5f1c";
    EXPECT_EQ(device_identity(f), "NVIDIA H200 [PCI 00:06, UUID 5f1c]");
}

TEST(ResourceSpec, SlotsComeFromTheBuild) {
    EXPECT_GE(device_slots(), 1u);
}

TEST(ResourceAllocation, DeviceIsTheIdOfTheFirstResource) {
    EXPECT_EQ(device_from_allocation("id:1,slots:1", "V"), "1");
    EXPECT_EQ(device_from_allocation("slots:4,id:0", "V"), "0");
    EXPECT_EQ(device_from_allocation("id:3,slots:2;id:5,slots:2", "V"), "3");
}

TEST(ResourceAllocation, MalformedValueNamesTheVariable) {
    for (const char* bad : {"", "1", "id:", "slots:1", "id1,slots:1"}) {
        try {
            (void)device_from_allocation(bad, "CTEST_RESOURCE_GROUP_0_GPUS");
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("CTEST_RESOURCE_GROUP_0_GPUS='"),
                      std::string::npos)
                << e.what();
        }
    }
}

// Sets an environment variable for one scope.
struct ScopedEnv {
    std::string name;
    ScopedEnv(const char* n, const char* value) : name(n) { ::setenv(n, value, 1); }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

TEST(ResourceAllocation, AllocationWinsOverClgaugeDevice) {
    ::unsetenv("CTEST_RESOURCE_GROUP_0_GPUS");
    ScopedEnv device("CLGAUGE_DEVICE", "pocl");
    EXPECT_FALSE(device_from_resource_env());
    EXPECT_EQ(device_spec_from_env(), "pocl");
    {
        ScopedEnv allocated("CTEST_RESOURCE_GROUP_0_GPUS", "id:1,slots:1");
        EXPECT_EQ(device_from_resource_env(), "1");
        EXPECT_EQ(device_spec_from_env(), "1");
    }
    ScopedEnv broken("CTEST_RESOURCE_GROUP_0_GPUS", "garbage");
    EXPECT_THROW((void)device_spec_from_env(), std::invalid_argument);
}

} // namespace
} // namespace clgauge
