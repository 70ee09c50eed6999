#include "core/ctest_resource_spec.hpp"

#include "base/env.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace clgauge {

unsigned device_slots() {
    return CLGAUGE_DEVICE_SLOTS;
}

std::vector<DeviceEntry> devices_under_test(const std::vector<DeviceEntry>& all,
                                            const std::vector<std::string>& specs) {
    std::vector<bool> taken(all.size(), false);
    if (specs.empty()) {
        for (const auto& e : all)
            taken[e.index] = !e.facts.is_cpu();
        if (std::none_of(taken.begin(), taken.end(), [](bool t) { return t; }))
            taken.assign(all.size(), true);
    }
    for (const auto& spec : specs) {
        const auto hits = matching_devices(all, spec);
        if (hits.empty())
            throw UnknownDeviceError("unknown device '" + spec + "'. Devices:\n" +
                                     describe_device_list(all));
        for (const auto& e : hits)
            taken[e.index] = true;
    }
    std::vector<DeviceEntry> out;
    for (const auto& e : all)
        if (taken[e.index]) out.push_back(e);
    return out;
}

std::string resource_spec_json(const std::vector<DeviceEntry>& devices, unsigned slots) {
    nlohmann::json gpus = nlohmann::json::array();
    for (const auto& d : devices)
        gpus.push_back({{"id", std::to_string(d.index)}, {"slots", slots}});
    const nlohmann::json spec = {{"version", {{"major", 1}, {"minor", 0}}},
                                 {"local", {{{kResourceType, gpus}}}}};
    return spec.dump(2) + "\n";
}

std::string device_from_allocation(const std::string& value, const std::string& variable) {
    const std::string first = value.substr(0, value.find(';'));
    size_t at = 0;
    while (at <= first.size()) {
        const size_t end = std::min(first.find(',', at), first.size());
        const std::string field = first.substr(at, end - at);
        if (field.rfind("id:", 0) == 0 && field.size() > 3) return field.substr(3);
        at = end + 1;
    }
    throw std::invalid_argument(variable + "='" + value +
                                "': expected a CTest allocation 'id:X,slots:N' with a device id");
}

std::optional<std::string> device_from_resource_env() {
    const char* variable = "CTEST_RESOURCE_GROUP_0_GPUS";
    const std::string value = env_text(variable);
    if (value.empty()) return std::nullopt; // unset (CTest never hands out an empty one)
    return device_from_allocation(value, variable);
}

} // namespace clgauge
