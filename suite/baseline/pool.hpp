// Pooling recordings of one metric from several machines of the same kind (same device and
// driver, another host): the value a verdict compares and a tolerance that covers the spread
// between the machines, so that a baseline recorded on some machines holds on the others.
#pragma once
#include "baseline/schema.hpp"

#include <set>
#include <string>
#include <vector>

namespace clgauge {

// The median of the recordings' gate values: with two machines their midpoint.
double pooled_value(const std::vector<Recording>& recordings);
// The tolerance a machine of the kind that did not record gets (gate.hpp): the typical
// recording's own tolerance (their median) plus twice the largest distance of a machine's value
// from the pooled one, at least kToleranceFloor, at least kUnlearnedTolerance while fewer than
// kLearnedMachines recorded, at most kToleranceCap.
double pooled_tolerance(const std::vector<Recording>& recordings, double value);
// Recomputes everything `m` derives from m.recordings (value, tolerance, pooled samples and
// their summary, rounds, budget, path, newest driver/date/version).
void pool_recordings(MetricBaseline& m);
// `existing` (may be null or unsupported) with `recorded`'s recording(s) merged in: the same
// machine's earlier recording is replaced, other machines' are kept. A recording of another
// implementation path or unit starts the metric afresh (its numbers are not comparable).
MetricBaseline merge_recordings(const MetricBaseline* existing, const MetricBaseline& recorded);

// Drops from f.machines every machine that no recording names, except `keep`.
void unlist_unrecorded_machines(BaselineFile& f, const std::string& keep = {});
// Forgets `machines`' recordings of the metrics whose id matches `only` (registry glob) and
// pools what is left, for metrics whose method changed. Returns one line per metric changed
// ("id: 3 -> 1 machines"); the file's machine list keeps only machines still recorded.
// Throws BaselineError, with `f` untouched, when a metric would be left with no recording.
std::vector<std::string> drop_recordings(BaselineFile& f, const std::set<std::string>& machines,
                                         const std::string& only);

} // namespace clgauge
