#include "core/install_layout.hpp"

#include <system_error>

namespace clgauge {

namespace fs = std::filesystem;

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

std::optional<fs::path> install_prefix_of(const fs::path& exe_dir) {
    if (exe_dir.empty()) return std::nullopt;
    const fs::path dir = exe_dir.lexically_normal();
    // A trailing separator leaves an empty last component.
    const fs::path clean = dir.filename().empty() ? dir.parent_path() : dir;
    std::optional<fs::path> prefix;
    if (clean.filename() == kInstalledBinDir)
        prefix = clean.parent_path();
    else if (clean.parent_path().filename() / clean.filename() == kInstalledLibDir)
        prefix = clean.parent_path().parent_path();
    std::error_code ec;
    if (!prefix || !fs::is_directory(*prefix / kInstalledShareDir / "baselines", ec))
        return std::nullopt;
    return prefix;
}

std::optional<fs::path> install_prefix() {
    return install_prefix_of(executable_dir());
}

std::string installed_or_built(const std::optional<fs::path>& prefix, const std::string& installed,
                               const std::string& built) {
    return prefix ? (*prefix / installed).string() : built;
}

} // namespace clgauge
