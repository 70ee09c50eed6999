#include "core/build_time_memo.hpp"

#include "base/files.hpp"
#include "base/install_layout.hpp"
#include "core/code_identity.hpp"
#include "core/kernel_report_memo.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>

namespace clgauge {
namespace {

std::string memo_path(const std::string& program, const std::string& device) {
    return clgauge_cache_file("build-seconds", program + "-" + fnv1a64_hex(device));
}

std::optional<double> kept_seconds(const std::string& program, const std::string& device) {
    const std::string path = memo_path(program, device);
    if (path.empty()) return std::nullopt;
    const auto text = read_file_text(path);
    if (!text) return std::nullopt;
    try {
        const double s = std::stod(*text);
        if (s >= 0) return s;
    } catch (const std::exception&) { // a damaged file: as if unknown
    }
    return std::nullopt;
}

using InstalledTimes = std::map<std::string, std::map<std::string, double>>; // device, program

InstalledTimes read_installed(const std::string& path) {
    InstalledTimes times;
    const auto text = read_file_text(path);
    if (!text) return times;
    try {
        const auto j = nlohmann::json::parse(*text);
        if (j.value("schema", "") != "clgauge.build_seconds") return times;
        for (const auto& [device, programs] : j.at("devices").items())
            for (const auto& [program, seconds] : programs.items())
                if (seconds.is_number() && seconds.get<double>() >= 0)
                    times[device][program] = seconds.get<double>();
    } catch (const std::exception&) { // damaged: knows nothing
        times.clear();
    }
    return times;
}

} // namespace

void remember_build_seconds(const std::string& program, const std::string& device, double seconds) {
    const std::string path = memo_path(program, device);
    if (path.empty() || !(seconds >= 0)) return;
    if (const auto known = kept_seconds(program, device); known && *known >= seconds) return;
    try {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        write_output_file(path, std::to_string(seconds) + "\n");
    } catch (const std::exception&) { // a read-only home: the time is simply not kept
    }
}

std::optional<double> recall_build_seconds(const std::string& program, const std::string& device) {
    const auto kept = kept_seconds(program, device);
    const auto installed = installed_build_seconds(installed_build_seconds_path(), program, device);
    if (kept && installed) return std::max(*kept, *installed);
    return kept ? kept : installed;
}

std::string installed_build_seconds_path() {
    return installed_or_built(install_prefix(),
                              std::string(kInstalledShareDir) + "/baselines/build-seconds.json",
                              std::string(CLGAUGE_SOURCE_DIR) + "/baselines/build-seconds.json");
}

std::optional<double> installed_build_seconds(const std::string& path, const std::string& program,
                                              const std::string& device) {
    // Read once per file: every build of a run asks.
    static std::mutex lock;
    static std::map<std::string, InstalledTimes> read;
    const std::lock_guard<std::mutex> guard(lock);
    auto it = read.find(path);
    if (it == read.end()) it = read.emplace(path, read_installed(path)).first;
    const auto d = it->second.find(device);
    if (d == it->second.end()) return std::nullopt;
    const auto p = d->second.find(program);
    if (p == d->second.end()) return std::nullopt;
    return p->second;
}

std::vector<size_t> longest_builds_first(const std::vector<std::optional<double>>& seconds) {
    std::vector<size_t> order(seconds.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return seconds[a].value_or(-1) > seconds[b].value_or(-1);
    });
    return order;
}

std::vector<size_t> build_order(const std::vector<std::optional<double>>& seconds, double pace) {
    std::vector<size_t> order(seconds.size());
    std::iota(order.begin(), order.end(), size_t{0});
    auto latest_start = [&](size_t i) { return static_cast<double>(i) * pace - *seconds[i]; };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (seconds[a].has_value() != seconds[b].has_value()) return !seconds[a].has_value();
        return seconds[a] && latest_start(a) < latest_start(b);
    });
    return order;
}

} // namespace clgauge
