// The one reader of the environment: every CLGAUGE_* setting is read through these. Settings
// that shape a benchmark run reach the harnesses only as RunOptions (types/run_options.hpp).
#pragma once
#include <optional>
#include <string>

namespace clgauge {

// `fallback` when the variable is unset or empty; std::invalid_argument naming the variable
// when it is not an integer in [lo, hi].
long env_integer(const char* name, long fallback, long lo, long hi);

// `text` as a plain decimal integer: an optional '-', then digits with no leading zero ("0"
// alone is zero). nullopt for anything else: no sign '+', no space, no hex ("0x10") and no
// octal ("010" is not eight), so a number reads the same wherever it is typed. Digits that
// overflow a long are nullopt too, with `*out_of_range` set where it is given.
std::optional<long> decimal_integer(const std::string& text, bool* out_of_range = nullptr);

// The variable's text; empty when it is unset.
std::string env_text(const char* name);

} // namespace clgauge
