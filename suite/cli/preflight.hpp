// What the clgauge program checks before it measures anything: each is exit 2 naming the
// argument or path, so that a typo costs no device time and no report is lost at the end.
#pragma once
#include "cli/options.hpp"

#include <string>

namespace clgauge {

// --only and --path: an --only alternative that matches no benchmark, or a path name that is
// no benchmark's path, is a typo, not a request for less (UsageError).
void check_selection(const CliOptions& cli);

// --json and --csv can be written (base/files.hpp: output_problem); std::invalid_argument
// naming the option and path.
void check_outputs(const RunRequest& request);

} // namespace clgauge
