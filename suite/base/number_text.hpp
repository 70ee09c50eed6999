// A number as the reports' details and notes write it.
#pragma once
#include <string>

namespace clgauge {

// `v` through printf's `format`, which takes one double ("%.4g", "%.0f%%").
std::string number_text(double v, const char* format = "%.4g");

// A duration with the unit that suits it: "1.250 s", "12.345 ms", "12.34 us", "85 ns".
std::string seconds_text(double s);

} // namespace clgauge
