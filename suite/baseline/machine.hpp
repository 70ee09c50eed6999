// The machine (host) a recording is made on: a baseline pools recordings from several hosts
// of one device kind, and says which contributed without naming them.
#pragma once
#include "baseline/schema.hpp"
#include "core/code_identity.hpp" // fnv1a64_hex: hashes that stay across builds
#include "core/device.hpp"

#include <string>

namespace clgauge {

// The machine a device's figures are recorded on and judged from: id from CLGAUGE_MACHINE
// where set, else "gpu-" and the first 8 hex digits of the device's UUID where it reports one
// (rented machines share hostnames: every rented VM may be "vm"; a GPU's UUID is its own), else
// "host-" and the first 8 hex digits of the hostname's hash; the CPU model from /proc/cpuinfo.
BaselineMachine this_machine(const DeviceFacts& facts);

} // namespace clgauge
