// clgauge --stamp-code REPORT FILE: fingerprints and resources from a --json report into a
// baseline file recorded without them (analysis/stamp_code.hpp); no device needed.
#pragma once
#include "cli/options.hpp"

namespace clgauge {

// Stamps, saves the file atomically when anything was stamped, prints what was and was not;
// returns the exit status. A report of another device or driver throws (exit 2), file untouched.
int run_stamp_code_cli(const CliOptions& cli);

} // namespace clgauge
