// The console table in the style of OpenCL-Benchmark: device box, one row per
// benchmark with the ratio against FP32, then the reasons and failures below it.
#pragma once
#include "types/results.hpp"

#include <ostream>
#include <vector>

namespace clgauge {

void print_device_list(std::ostream& os, const std::vector<DeviceEntry>& all);
void print_device_table(std::ostream& os, const DeviceReport& r);
// The "Compute Units" field: count, clock, cores and FP32 peak, or "peak unknown" when the
// device reports no clock.
std::string compute_units_text(const DeviceFacts& facts, const CoreEstimate& cores);
std::string result_row(const BenchmarkResult& result, double fp32_rate);
void print_results(std::ostream& os, const DeviceReport& r);

} // namespace clgauge
