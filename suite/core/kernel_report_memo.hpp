// Kernel resource reports kept on disk by the code they describe. NVIDIA's driver writes its
// -cl-nv-verbose report (registers, spills) into the build log only when it compiles: a
// build its program cache serves has an empty log (NVIDIA's driver: baselines/nvidia/NOTES.md). The
// report of the build that compiled is remembered under the program's fingerprint, the
// driver and the device, and recalled when a cached build says nothing.
#pragma once
#include <optional>
#include <string>

namespace clgauge {

// $CLGAUGE_CACHE_DIR, else $XDG_CACHE_HOME/clgauge, else $HOME/.cache/clgauge (empty: none).
std::string clgauge_cache_dir();
// The file that keeps `key` in `folder` of that cache: a name of the key's letters and digits
// (others become '_') plus `suffix`; empty where there is no cache directory.
std::string clgauge_cache_file(const std::string& folder, const std::string& key,
                               const std::string& suffix = "");

// Nothing happens (and nothing fails) where the directory cannot be written or read.
void remember_resource_report(const std::string& key, const std::string& report);
std::optional<std::string> recall_resource_report(const std::string& key);

} // namespace clgauge
