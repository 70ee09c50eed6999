// Recording: pooling several measurement rounds into baseline metrics and merging them into
// the device's file without losing the metrics (or files) it does not touch.
#pragma once
#include "baseline/schema.hpp"
#include "baseline/verdict.hpp"
#include "core/device.hpp"
#include "run/progress_line.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// Enough repetitions per round for a baseline (>= 9 samples even from one round).
constexpr int kBaselineMinReps = 11;
constexpr unsigned kDefaultRecordRounds = 3;

struct RecordOutcome {
    bool recorded = false; // false: the entry is left as it was, `why` says why
    MetricBaseline metric;
    std::string why;
};

// One metric from independent rounds of the same benchmark on machine `machine`: one
// recording of the pooled samples, its gate value (gate.hpp), median and the tolerance from its
// spread (tolerance_from_spread over the rounds' gate values). A round that failed (wrong
// result, build failure, error, hang) records nothing: a baseline is only taken from verified
// runs.
RecordOutcome metric_from_rounds(const Benchmark& b, const std::vector<Measurement>& rounds,
                                 const DeviceFacts& facts, const std::string& date,
                                 double tolerance_floor, const std::string& machine);

// The file after recording on `machine`: `existing` (or a new file) with the device facts,
// driver and date refreshed, each recorded metric's recording from this machine replaced and
// pooled with the other machines' (pool.hpp), and `machine` listed; every other metric is
// kept, and machines no recording names any more are dropped from the list.
BaselineFile merge_baseline(const BaselineFile* existing, const DeviceFacts& facts,
                            const std::vector<std::pair<std::string, MetricBaseline>>& recorded,
                            const std::string& date, const BaselineMachine& machine);

// Perf options with enough repetitions for a baseline or a verdict; with `recorded`, the time
// budget that metric was recorded with (so a check measures as the recording did).
RunOptions baseline_run_options(RunOptions options, const MetricBaseline* recorded = nullptr);

struct RecordReport {
    std::string file;
    BaselineFile written;    // what the file holds now (when anything was recorded)
    BaselineMachine machine; // the machine recorded on (its recordings replace its earlier ones)
    std::vector<std::string> recorded, kept, refused; // ids; refused with the reason
    std::string hung; // the entry a kernel of which did not finish in time; then nothing more
                      // is measured and nothing written
};
// Runs `rounds` passes over the selection and merges them into <dir>'s file for the device, as
// this machine's recordings (other machines' are kept and pooled: pool.hpp).
// An existing file that is invalid or belongs to another device is never overwritten. A kernel
// that does not finish in time ends the measuring (the device may not accept more work) and
// nothing is written: figures from a device that hung are not a baseline. Each round goes
// through the run's one loop (run/measure_each.hpp); `progress` null: no progress line.
RecordReport record_baseline(Session& session, const std::vector<const Benchmark*>& selection,
                             const RunOptions& options, const std::string& dir,
                             unsigned rounds = kDefaultRecordRounds,
                             double tolerance_floor = kOwnToleranceFloor,
                             ProgressLine* progress = nullptr);

} // namespace clgauge
