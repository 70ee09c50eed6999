// clgauge --drop-recordings MACHINES FILE --only GLOB: edits a baseline file, no device needed.
#pragma once
#include "cli/options.hpp"

namespace clgauge {

// Drops the machines' recordings of the selected metrics (baseline/pool.hpp), saves the file
// atomically and prints what changed; returns the exit status. A metric that would be left
// with no recording, or an unreadable file, throws (exit 2) and leaves the file as it was.
int run_drop_recordings_cli(const CliOptions& cli);

} // namespace clgauge
