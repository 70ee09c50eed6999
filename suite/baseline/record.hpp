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

// One metric from independent rounds of the same benchmark: pooled samples, their median and
// spread, and the tolerance (tolerance_from_spread). A round that failed (wrong result, build
// failure, error, hang) records nothing: a baseline is only taken from verified runs.
RecordOutcome metric_from_rounds(const Benchmark& b, const std::vector<Measurement>& rounds,
                                 const DeviceFacts& facts, const std::string& date,
                                 double tolerance_floor);

// The file after recording: `existing` (or a new file) with the device facts, driver and date
// refreshed and each recorded metric replaced; every other metric is kept.
BaselineFile merge_baseline(const BaselineFile* existing, const DeviceFacts& facts,
                            const std::vector<std::pair<std::string, MetricBaseline>>& recorded,
                            const std::string& date);

} // namespace clgauge
