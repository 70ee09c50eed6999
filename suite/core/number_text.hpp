// A number as the reports' details and notes write it.
#pragma once
#include <string>

namespace clgauge {

// `v` through printf's `format`, which takes one double ("%.4g", "%.0f%%").
std::string number_text(double v, const char* format = "%.4g");

} // namespace clgauge
