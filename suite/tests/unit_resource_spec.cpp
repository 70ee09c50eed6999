// CTest resource allocation (docs/ci.md): the spec file clgauge writes, and the device a
// test case takes from the allocation CTest gives it.
#include "core/resource_spec.hpp"

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
