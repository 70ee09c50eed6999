// Where an installed clgauge keeps its parts: clgauge in <prefix>/bin, the installed test
// programs in <prefix>/lib/clgauge, baselines, known-failure lists and the installed CTest
// suite in <prefix>/share/clgauge (CMakeLists.txt installs them there). A program finds its
// prefix from its own path, so an installed tree works wherever it is unpacked. Only a program
// in the build tree it was built in keeps to the paths the build gave it: an installed (or
// copied) program never reads the build host's tree, even when its own parts are missing.
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

// The directory the programs were built in (CMAKE_BINARY_DIR).
std::filesystem::path build_dir();

// The prefix of a program in `exe_dir` outside `build_dir`: <prefix> of <prefix>/bin or
// <prefix>/lib/clgauge, else the parent of `exe_dir` (a program copied elsewhere looks where
// an installed one would); nullopt for a program inside `build_dir` or with no directory.
// Whether <prefix>/share/clgauge exists does not matter: a tree missing it says so.
std::optional<std::filesystem::path> install_prefix_of(const std::filesystem::path& exe_dir,
                                                       const std::filesystem::path& build_dir);

// install_prefix_of(executable_dir(), build_dir()).
std::optional<std::filesystem::path> install_prefix();

// `installed` (relative to the prefix) under `prefix` when there is one, else `built`.
std::string installed_or_built(const std::optional<std::filesystem::path>& prefix,
                               const std::string& installed, const std::string& built);

} // namespace clgauge
