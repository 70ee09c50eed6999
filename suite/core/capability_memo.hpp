// Capabilities kept on disk by the device and driver they were probed on. The probes compile
// a dozen small kernels, more than a trivial case's own run on a CPU runtime (docs/run-time.md
// has the figures): a test suite that opens the
// device once per case (hundreds of processes) probes it once. The key is a fingerprint of
// every query the probes depend on (platform, device, driver and OpenCL C versions, the
// extensions), so another driver or device is probed anew.
#pragma once
#include "core/capabilities.hpp"

#include <optional>
#include <string>

namespace clgauge {

// The memo's key for `entry`, from its queries.
std::string capability_key(const DeviceEntry& entry);

// Under clgauge_cache_dir()/capabilities; nothing happens (and nothing fails) where it cannot
// be written or read, or where a file does not parse.
void remember_capabilities(const std::string& key, const Capabilities& caps);
std::optional<Capabilities> recall_capabilities(const std::string& key);

} // namespace clgauge
