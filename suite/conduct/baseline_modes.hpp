// The baseline modes on one device: --check (every metric held against the device's baseline,
// judged against its known-failure list) and --record (measured in rounds and pooled into it).
#pragma once
#include "conduct/request.hpp"
#include "core/session.hpp"
#include "process/build_workers.hpp"
#include "report/reporter.hpp"
#include "run/progress_line.hpp"
#include "types/outcome.hpp"

#include <string>
#include <vector>

namespace clgauge {

// Prints the verdicts and reports them as the device's "check" section (baseline/check_json),
// measured beside `workers` where they build the device's programs (process/build_pool.hpp).
// No baseline for the device: Outcome::Usage, saying how to record one.
Outcome check_device(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& opts, const std::string& baselines_dir,
                     const CheckMode& mode, ProgressLine& progress, Reporter& report,
                     BuildWorkers* workers);

// Prints what was recorded, kept and refused; a refused metric is Outcome::Failed.
Outcome record_device(Session& session, const std::vector<const Benchmark*>& selection,
                      const RunOptions& opts, const std::string& baselines_dir,
                      const RecordMode& mode, ProgressLine& progress);

} // namespace clgauge
