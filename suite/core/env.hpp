// Integer settings from the environment (CLGAUGE_BUDGET_MS, CLGAUGE_MEM_MIB, ...).
#pragma once

namespace clgauge {

// `fallback` when the variable is unset or empty; std::invalid_argument naming the variable
// when it is not an integer in [lo, hi].
long env_integer(const char* name, long fallback, long lo, long hi);

} // namespace clgauge
