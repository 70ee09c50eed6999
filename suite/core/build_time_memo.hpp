// How long each program took to compile, kept on disk (under clgauge_cache_dir()) so that a run
// whose driver cache is cold starts the longest compiles first: a run measures while build
// workers compile (process/build_pool.hpp), and one slow compile started late is what it
// waits for (a matrix entry's program compiles for seconds on NVIDIA, most others in well under
// one). The longest compile seen is kept: a build the driver's cache serves takes milliseconds
// and says nothing of what a cold compile costs.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// Nothing happens (and nothing fails) where the directory cannot be written or read. `key`
// names a program on a device (program_key and the device's name).
void remember_build_seconds(const std::string& key, double seconds);
std::optional<double> recall_build_seconds(const std::string& key);

// The positions of `seconds` (each program's remembered compile time, nothing where unknown)
// in the order to build them: unknown ones first, as found (a new program may be the longest),
// then the longest first.
std::vector<size_t> longest_builds_first(const std::vector<std::optional<double>>& seconds);

} // namespace clgauge
