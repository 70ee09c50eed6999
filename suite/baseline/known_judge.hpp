// The one known-failure judge of a run: what judge() (known_failures.hpp) decided becomes an
// Outcome here, for the table, --check and the CTest cases alike, so that a listed failure,
// a FIXED one and a hang count the same wherever they are judged.
#pragma once
#include "baseline/known_failures.hpp"
#include "baseline/verdict.hpp"
#include "types/outcome.hpp"
#include "types/results.hpp"

#include <functional>
#include <string>
#include <vector>

namespace clgauge {

// A hang that was not listed as expected is Hung; a failure not listed (or not as listed)
// Failed; a listed one that passed Fixed unless `allow_fixed`; anything else Ok.
Outcome known_outcome(const KnownOutcome& o, bool allow_fixed);

// A table's results judged against the device's list: listed failures pass as expected,
// listed flakes are run again by `rerun` (its result replaces the first), listed ones that
// passed are FIXED. `path_of` names the path a benchmark that did not run would have taken.
struct TableJudgement {
    Outcome outcome = Outcome::Ok;
    std::string verdict_lines; // "Known-failure list verdicts:" and a line each; empty if none
};
TableJudgement judge_table(DeviceReport& report, const std::vector<KnownFailure>& known,
                           bool allow_fixed,
                           const std::function<std::string(const Benchmark&)>& path_of,
                           const std::function<Measurement(const Benchmark&)>& rerun);

// The judge's decision on a perf check (--check, the perf cases): an expected failure, FIXED
// (unless allowed), a flake's note.
void apply_known(MetricCheck& c, const KnownOutcome& k, bool allow_fixed);

// A perf check's verdict as an outcome (a check that hung is Hung unless it was expected).
Outcome check_outcome(const MetricCheck& c);

// known_lists_note with its line end where `o` is a failure or a hang (a run whose failures a
// list might have named); else empty. The table and --check print it after their verdicts.
std::string known_lists_line(Outcome o, const std::string& baselines_dir, const DeviceFacts& facts);

} // namespace clgauge
