#include "core/kernel_report_memo.hpp"

#include "base/env.hpp"
#include "base/files.hpp"

#include <cctype>
#include <filesystem>

namespace clgauge {
namespace {

std::string memo_path(const std::string& key) {
    return clgauge_cache_file("resources", key, ".log");
}

} // namespace

std::string clgauge_cache_file(const std::string& folder, const std::string& key,
                               const std::string& suffix) {
    const std::string dir = clgauge_cache_dir();
    if (dir.empty()) return "";
    std::string name;
    for (char c : key)
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return dir + "/" + folder + "/" + name + suffix;
}

std::string clgauge_cache_dir() {
    if (std::string d = env_text("CLGAUGE_CACHE_DIR"); !d.empty()) return d;
    if (std::string d = env_text("XDG_CACHE_HOME"); !d.empty()) return d + "/clgauge";
    if (std::string d = env_text("HOME"); !d.empty()) return d + "/.cache/clgauge";
    return "";
}

void remember_resource_report(const std::string& key, const std::string& report) {
    const std::string path = memo_path(key);
    if (path.empty()) return;
    try {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        write_output_file(path, report);
    } catch (const std::exception&) { // a read-only home: the report is simply not kept
    }
}

std::optional<std::string> recall_resource_report(const std::string& key) {
    const std::string path = memo_path(key);
    if (path.empty()) return std::nullopt;
    return read_file_text(path);
}

} // namespace clgauge
