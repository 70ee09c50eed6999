// Number formatting for humans: SI prefixes, rates in the unit style of OpenCL-Benchmark.
#pragma once
#include "types/benchmark.hpp"

#include <string>

namespace clgauge {

// "12.152 TFLOPs/s", "4.6 TB/s"-style text: value with prefix and unit (a time: seconds_text).
std::string format_rate(double per_second, Unit unit);
// Ratio against the FP32 rate as OpenCL-Benchmark prints it: "2x", "1/16", "1x".
std::string format_ratio(double ratio);
// A fraction as a percentage, one decimal: "9.4%"; with_sign: "+9.4%", "-9.4%".
std::string format_percent(double fraction, bool with_sign = false);
// printf's %.<digits>g: "0.0123", "1.5e+09"; 9 digits keep a double's value for a plot.
std::string format_significant(double v, int digits);

} // namespace clgauge
