#include "core/build_time_memo.hpp"

#include "core/files.hpp"
#include "core/kernel_report_memo.hpp"

#include <algorithm>
#include <filesystem>
#include <numeric>

namespace clgauge {
namespace {

std::string memo_path(const std::string& key) {
    return clgauge_cache_file("build-seconds", key);
}

} // namespace

void remember_build_seconds(const std::string& key, double seconds) {
    const std::string path = memo_path(key);
    if (path.empty() || !(seconds >= 0)) return;
    if (const auto known = recall_build_seconds(key); known && *known >= seconds) return;
    try {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        write_output_file(path, std::to_string(seconds) + "\n");
    } catch (const std::exception&) { // a read-only home: the time is simply not kept
    }
}

std::optional<double> recall_build_seconds(const std::string& key) {
    const std::string path = memo_path(key);
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

std::vector<size_t> longest_builds_first(const std::vector<std::optional<double>>& seconds) {
    std::vector<size_t> order(seconds.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (seconds[a].has_value() != seconds[b].has_value()) return !seconds[a].has_value();
        return seconds[a].value_or(0) > seconds[b].value_or(0);
    });
    return order;
}

} // namespace clgauge
