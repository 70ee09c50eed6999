// Which baseline file belongs to a device: <dir>/<vendor>/<device-slug>.json, and whether
// the file's recorded device really is this one (vendor, name, vendor id where both have it).
#pragma once
#include "baseline/schema.hpp"
#include "core/device.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace clgauge {

std::string slugify(const std::string& text);     // "NVIDIA H200" -> "nvidia-h200"
std::string vendor_dir(const DeviceFacts& facts); // "nvidia", "intel", "amd", else a slug
std::string baseline_path(const std::string& dir, const DeviceFacts& facts);
BaselineDevice device_of(const DeviceFacts& facts); // the facts a baseline records

// Why the recorded device is not this device, or nullopt when it matches. The driver never
// matters: a baseline exists to be held against the next driver.
std::optional<std::string> device_mismatch(const BaselineDevice& recorded,
                                           const DeviceFacts& facts);

// --baselines DIR, else $CLGAUGE_BASELINES, else an installed program's
// <prefix>/share/clgauge/baselines (whether or not it exists: an installed program never reads
// the build host's tree), else, for a program in its build tree, the source tree's baselines/.
std::string baselines_dir(const std::string& option = "");
// A tree without its baselines directory (an installed package missing
// share/clgauge/baselines, a mistyped --baselines) says on stderr where it looked.
void note_missing_baselines(const std::string& dir);

// That choice, given the option, the variable's text, the install prefix (base/install_layout)
// and the source tree.
std::string choose_baselines_dir(const std::string& option, const std::string& env_value,
                                 const std::optional<std::filesystem::path>& install_prefix,
                                 const std::string& source_dir);

// The device's baseline, or nullopt when it has no file. Throws BaselineError for a file
// that is unreadable, invalid, or recorded on another device.
std::optional<BaselineFile> find_baseline(const std::string& dir, const DeviceFacts& facts);

// What to run to record a baseline for this device (for skip messages).
std::string how_to_record(const std::string& dir, const DeviceFacts& facts);

} // namespace clgauge
