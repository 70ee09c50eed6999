// Where an installed clgauge keeps its parts: clgauge in <prefix>/bin, the installed test
// programs in <prefix>/lib/clgauge, baselines, known-failure lists and the installed CTest
// suite in <prefix>/share/clgauge (CMakeLists.txt installs them there). A program finds its
// prefix from its own path, so an installed tree works wherever it is unpacked; a program in
// a build tree has none and keeps to the paths the build gave it.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace clgauge {

inline constexpr const char* kInstalledBinDir = "bin";
inline constexpr const char* kInstalledLibDir = "lib/clgauge";
inline constexpr const char* kInstalledShareDir = "share/clgauge";

// The running program's directory, from /proc/self/exe; empty when that cannot be read.
std::filesystem::path executable_dir();

// The prefix of a program in `exe_dir` when that is <prefix>/bin or <prefix>/lib/clgauge of a
// prefix holding share/clgauge/baselines; nullopt anywhere else (a build tree).
std::optional<std::filesystem::path> install_prefix_of(const std::filesystem::path& exe_dir);

// install_prefix_of(executable_dir()).
std::optional<std::filesystem::path> install_prefix();

// `installed` (relative to the prefix) under `prefix` when there is one, else `built`.
std::string installed_or_built(const std::optional<std::filesystem::path>& prefix,
                               const std::string& installed, const std::string& built);

} // namespace clgauge
