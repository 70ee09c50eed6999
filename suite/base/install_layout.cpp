#include "base/install_layout.hpp"

#include <system_error>

namespace clgauge {

namespace fs = std::filesystem;

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

fs::path build_dir() {
    return CLGAUGE_BUILD_DIR;
}

namespace {
// Without a trailing separator (which leaves an empty last component).
fs::path clean(const fs::path& dir) {
    const fs::path d = dir.lexically_normal();
    return d.filename().empty() ? d.parent_path() : d;
}

bool inside(const fs::path& dir, const fs::path& tree) {
    const fs::path rel = clean(dir).lexically_relative(clean(tree));
    return !rel.empty() && *rel.begin() != "..";
}
} // namespace

std::optional<fs::path> install_prefix_of(const fs::path& exe_dir, const fs::path& build) {
    if (exe_dir.empty()) return std::nullopt;
    const fs::path dir = clean(exe_dir);
    std::error_code ec;
    const fs::path real_build = build.empty() ? build : fs::weakly_canonical(build, ec);
    if (!build.empty() && (inside(dir, build) || (!ec && inside(dir, real_build))))
        return std::nullopt;
    if (dir.parent_path().filename() / dir.filename() == kInstalledLibDir)
        return dir.parent_path().parent_path();
    return dir.parent_path(); // <prefix>/bin, or a program copied elsewhere
}

std::optional<fs::path> install_prefix() {
    return install_prefix_of(executable_dir(), build_dir());
}

std::string installed_or_built(const std::optional<fs::path>& prefix, const std::string& installed,
                               const std::string& built) {
    return prefix ? (*prefix / installed).string() : built;
}

} // namespace clgauge
