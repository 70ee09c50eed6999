// The settings of a run from the environment: the clgauge program and the tests start from
// these, and the harnesses see them only through RunOptions.
#pragma once
#include "types/run_options.hpp"

#include <string>

namespace clgauge {

// The default budget is core/timing.hpp's kDefaultBudgetMs (Budget's own default).
// The budgets CLGAUGE_BUDGET_MS and --budget-ms accept: ten minutes a benchmark at most.
constexpr long kMinBudgetMs = 1, kMaxBudgetMs = 600000;

// CLGAUGE_BUDGET_MS (measured time per benchmark), CLGAUGE_TEST_SLOWDOWN (test-only),
// CLGAUGE_MEM_MIB, CLGAUGE_MEM_STRIDE, CLGAUGE_MEM_TUNE, CLGAUGE_XFER_MIB,
// CLGAUGE_BUILD_THREADS (programs built ahead at a time; default 0, none),
// CLGAUGE_BUILD_WORKERS (build worker processes of a table run). A bad value throws
// std::invalid_argument naming the variable.
RunOptions run_options_from_env(Mode mode);

// CLGAUGE_MEM_TUNE's text ("vec=8,unroll=4,tile=grid"); std::invalid_argument naming the item.
MemTune parse_mem_tune(const std::string& text);

} // namespace clgauge
