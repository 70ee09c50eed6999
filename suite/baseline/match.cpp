#include "baseline/match.hpp"

#include "base/clipped_text.hpp"
#include "base/env.hpp"
#include "base/install_layout.hpp"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace clgauge {

std::string slugify(const std::string& text) {
    std::string s;
    for (unsigned char c : text) {
        if (std::isalnum(c))
            s += static_cast<char>(std::tolower(c));
        else if (!s.empty() && s.back() != '-')
            s += '-';
    }
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    return s.empty() ? "unnamed" : s;
}

std::string vendor_dir(const DeviceFacts& f) {
    // By the vendor string first: PoCL reports Intel's PCI vendor id on an AMD CPU.
    const std::string v = slugify(f.vendor);
    if (v.find("nvidia") != std::string::npos) return "nvidia";
    if (v.find("intel") != std::string::npos) return "intel";
    if (v.find("amd") != std::string::npos || v.find("advanced-micro") != std::string::npos)
        return "amd";
    return v;
}

std::string baseline_path(const std::string& dir, const DeviceFacts& f) {
    return (std::filesystem::path(dir) / vendor_dir(f) / (slugify(f.name) + ".json")).string();
}

BaselineDevice device_of(const DeviceFacts& f) {
    BaselineDevice d;
    d.platform = f.platform;
    d.vendor = f.vendor;
    d.vendor_id = f.vendor_id;
    d.name = f.name;
    d.type = f.is_gpu() ? "gpu" : f.is_cpu() ? "cpu" : "other";
    d.pci_bus_id = f.pci_bus_id;
    if (f.nv_cc_major)
        d.nv_compute_capability =
            std::to_string(f.nv_cc_major) + "." + std::to_string(f.nv_cc_minor);
    d.compute_units = f.compute_units;
    d.max_clock_mhz = f.clock_mhz;
    return d;
}

std::optional<std::string> device_mismatch(const BaselineDevice& r, const DeviceFacts& f) {
    if (r.vendor != f.vendor)
        return "recorded vendor \"" + clipped(r.vendor) + "\", this device's is \"" + f.vendor +
               "\"";
    if (r.name != f.name)
        return "recorded device \"" + clipped(r.name) + "\", this device is \"" + f.name + "\"";
    if (r.vendor_id && f.vendor_id && r.vendor_id != f.vendor_id)
        return "recorded vendor id " + std::to_string(r.vendor_id) + ", this device's is " +
               std::to_string(f.vendor_id);
    return std::nullopt;
}

std::string choose_baselines_dir(const std::string& option, const std::string& env_value,
                                 const std::optional<std::filesystem::path>& install_prefix,
                                 const std::string& source_dir) {
    if (!option.empty()) return option;
    if (!env_value.empty()) return env_value;
    if (install_prefix) return (*install_prefix / kInstalledShareDir / "baselines").string();
    return source_dir + "/baselines";
}

std::string baselines_dir(const std::string& option) {
    return choose_baselines_dir(option, env_text("CLGAUGE_BASELINES"), install_prefix(),
                                CLGAUGE_SOURCE_DIR);
}

std::optional<BaselineFile> find_baseline(const std::string& dir, const DeviceFacts& facts) {
    const std::string path = baseline_path(dir, facts);
    if (!std::filesystem::exists(path)) return std::nullopt;
    BaselineFile f = load_baseline(path);
    if (auto why = device_mismatch(f.device, facts))
        throw BaselineError(path + ": device: belongs to another device: " + *why);
    return f;
}

std::string how_to_record(const std::string& dir, const DeviceFacts& facts) {
    return "no baseline for \"" + facts.name + "\" (looked for " + baseline_path(dir, facts) +
           "); record one on a known-good driver with: clgauge --record --baselines " + dir + " '" +
           facts.name + "'  (or scripts/record-baseline '" + facts.name + "')";
}

void note_missing_baselines(const std::string& dir) {
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return;
    std::cerr << "clgauge: no baselines directory " << dir
              << ": no baseline or known-failure list is read (--baselines DIR or "
                 "CLGAUGE_BASELINES names another)\n";
}

} // namespace clgauge
