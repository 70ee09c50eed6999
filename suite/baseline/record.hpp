// Recording: pooling several measurement rounds into baseline metrics and merging them into
// the device's file without losing the metrics (or files) it does not touch.
#pragma once
#include "baseline/schema.hpp"
#include "core/device.hpp"

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

} // namespace clgauge
