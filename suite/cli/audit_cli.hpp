// clgauge --audit: the work audit of the selection on each chosen device
// (analysis/device_audit.hpp), printed, and written as JSON with --json FILE.
#pragma once
#include "cli/options.hpp"
#include "core/device.hpp"
#include "types/benchmark.hpp"

#include <vector>

namespace clgauge {

// 0 when every audited entry passed, 1 when one failed (or its benchmark did), 2 when a device
// is not an NVIDIA GPU or ptxas / nvdisasm are missing.
int run_audit_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                  const std::vector<const Benchmark*>& selection, const RunOptions& opts);

} // namespace clgauge
