// The one reader of the environment: every CLGAUGE_* setting is read through these. Settings
// that shape a benchmark run reach the harnesses only as RunOptions (types/run_options.hpp).
#pragma once
#include <string>

namespace clgauge {

// `fallback` when the variable is unset or empty; std::invalid_argument naming the variable
// when it is not an integer in [lo, hi].
long env_integer(const char* name, long fallback, long lo, long hi);

// The variable's text; empty when it is unset.
std::string env_text(const char* name);

} // namespace clgauge
