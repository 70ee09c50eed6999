#include "perf_queue.hpp"

#include "base/files.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace clgauge::test {
namespace {

nlohmann::json read_json(const std::string& path) {
    const std::optional<std::string> text = read_file_text(path);
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json(nullptr);
}

} // namespace

PerfCosts read_perf_costs(const std::string& path, const std::string& device_name) {
    PerfCosts costs;
    const nlohmann::json j = read_json(path);
    if (!j.is_object() || j.value("schema", "") != "clgauge.perf_costs" || !j.contains("devices") ||
        !j["devices"].is_object() || j["devices"].empty())
        return costs;
    // Another kind of device's costs order the entries better than none: what is long on one
    // GPU (a contended atomic, a pageable transfer) is long on the next.
    const nlohmann::json& devices = j["devices"];
    const nlohmann::json& chosen =
        devices.contains(device_name) ? devices[device_name] : devices.begin().value();
    if (!chosen.is_object()) return costs;
    for (const auto& [id, s] : chosen.items())
        if (s.is_number() && s.get<double>() >= 0) costs[id] = s.get<double>();
    return costs;
}

std::vector<std::string> longest_first(const std::vector<std::string>& ids,
                                       const PerfCosts& costs) {
    std::vector<std::string> order = ids;
    const auto cost = [&costs](const std::string& id) {
        const auto it = costs.find(id);
        return it == costs.end() ? -1.0 : it->second;
    };
    std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
        const double ca = cost(a), cb = cost(b);
        if ((ca < 0) != (cb < 0)) return ca < 0; // unknown first
        return ca > cb;
    });
    return order;
}

std::vector<std::string> spread_out(const std::vector<std::string>& ids,
                                    const std::function<bool(const std::string&)>& apart) {
    std::vector<std::string> spread, rest;
    for (const auto& id : ids)
        (apart(id) ? spread : rest).push_back(id);
    std::vector<std::string> order;
    size_t k = 0, r = 0;
    for (size_t at = 0; at < ids.size(); ++at) {
        // The k-th of them goes to the middle of its k-th share of the order.
        const bool theirs = k < spread.size() &&
                            (r == rest.size() ||
                             (2 * k + 1) * ids.size() <= 2 * at * spread.size() + spread.size());
        order.push_back(theirs ? spread[k++] : rest[r++]);
    }
    return order;
}

PerfQueue::PerfQueue(std::string dir, std::string settings)
    : dir_(std::move(dir)), settings_(std::move(settings)) {
    std::filesystem::create_directories(dir_);
}

bool PerfQueue::exhausted() const {
    FileLock lock(dir_ + "/queue.lock");
    const nlohmann::json q = read_json(dir_ + "/queue.json");
    return q.is_object() && q.value("settings", "") == settings_ && q.contains("left") &&
           q["left"].is_array() && q["left"].empty();
}

std::optional<std::string> PerfQueue::next(const std::vector<std::string>& order,
                                           const std::function<bool(const std::string&)>& ready,
                                           bool* declined) {
    if (declined) *declined = false;
    FileLock lock(dir_ + "/queue.lock");
    const std::string path = dir_ + "/queue.json";
    nlohmann::json q = read_json(path);
    if (!q.is_object() || q.value("settings", "") != settings_ || !q.contains("left") ||
        !q["left"].is_array())
        q = {{"schema", "clgauge.perf_queue"}, {"settings", settings_}, {"left", order}};
    nlohmann::json& left = q["left"];
    for (size_t i = 0; i < left.size(); ++i) {
        const std::string id = left[i].get<std::string>();
        if (ready && !ready(id)) continue;
        left.erase(i);
        write_output_file(path, q.dump(1) + "\n");
        return id;
    }
    if (declined) *declined = !left.empty();
    write_output_file(path, q.dump(1) + "\n"); // a first caller lays the queue out
    return std::nullopt;
}

void remember_perf_cost(const std::string& path, const std::string& device_name,
                        const std::string& id, double seconds) {
    FileLock lock(path + ".lock");
    remove_leftover_temps(path); // a measuring process killed while it wrote the memo
    nlohmann::json j = read_json(path);
    if (!j.is_object() || j.value("schema", "") != "clgauge.perf_costs" || !j.contains("devices") ||
        !j["devices"].is_object())
        j = {{"schema", "clgauge.perf_costs"}, {"devices", nlohmann::json::object()}};
    j["devices"][device_name][id] = std::round(seconds * 1000) / 1000;
    write_output_file(path, j.dump(1) + "\n");
}

std::optional<std::string>
PutOffEntries::built(const std::function<bool(const std::string&)>& building) {
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](const auto& e) { return !building(e.second); });
    if (it == entries_.end()) return std::nullopt;
    std::string id = std::move(it->first);
    entries_.erase(it);
    return id;
}

std::optional<std::string> PutOffEntries::next_left() {
    if (entries_.empty()) return std::nullopt;
    std::string id = std::move(entries_.front().first);
    entries_.erase(entries_.begin());
    return id;
}

} // namespace clgauge::test
