// The machine (host) a recording is made on: a baseline pools recordings from several hosts
// of one device kind, and says which contributed without naming them.
#pragma once
#include "baseline/schema.hpp"
#include "core/code_identity.hpp" // fnv1a64_hex: hashes that stay across builds

#include <string>

namespace clgauge {

// This host: id from CLGAUGE_MACHINE where set (rented machines may share a hostname), else
// "host-" and the first 8 hex digits of the hostname's hash; the CPU model from /proc/cpuinfo.
BaselineMachine this_machine();

} // namespace clgauge
