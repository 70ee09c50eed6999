#include "baseline/pool.hpp"

#include "base/stats.hpp"
#include "baseline/gate.hpp"
#include "baseline/verdict.hpp"
#include "registry/registry.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace clgauge {

double pooled_value(const std::vector<Recording>& recordings) {
    std::vector<double> values;
    for (const auto& r : recordings)
        values.push_back(r.value);
    return quantile(values, 0.5);
}

double pooled_tolerance(const std::vector<Recording>& recordings, double value) {
    if (!(value > 0) || recordings.empty()) return kToleranceCap;
    double spread = 0;
    std::vector<double> own;
    for (const auto& r : recordings) {
        spread = std::max(spread, std::fabs(r.value - value) / value);
        own.push_back(r.tolerance);
    }
    double tol = std::max(quantile(own, 0.5) + 2 * spread, kToleranceFloor);
    if (recordings.size() < kLearnedMachines) tol = std::max(tol, kUnlearnedTolerance);
    return std::min(tol, kToleranceCap);
}

void pool_recordings(MetricBaseline& m) {
    m.samples.clear();
    m.rounds = 0;
    const Recording* newest = nullptr;
    for (const auto& r : m.recordings) {
        m.samples.insert(m.samples.end(), r.samples.begin(), r.samples.end());
        m.rounds += r.rounds;
        if (!newest || r.date >= newest->date) newest = &r;
    }
    if (!newest) return;
    const Stats st = summarize(m.samples);
    m.median = st.median;
    m.mad = st.mad;
    m.min = st.min;
    m.max = st.max;
    m.mean = st.mean;
    m.value = pooled_value(m.recordings);
    m.tolerance = pooled_tolerance(m.recordings, m.value);
    m.path = newest->path;
    m.budget_ms = newest->budget_ms;
    m.driver = newest->driver;
    m.date = newest->date;
    m.clgauge_version = newest->clgauge_version;
}

MetricBaseline merge_recordings(const MetricBaseline* existing, const MetricBaseline& recorded) {
    if (!recorded.supported || !existing || !existing->supported ||
        existing->unit != recorded.unit || existing->path != recorded.path)
        return recorded;
    MetricBaseline m = *existing;
    for (const auto& r : recorded.recordings) {
        std::erase_if(m.recordings, [&](const Recording& old) { return old.machine == r.machine; });
        m.recordings.push_back(r);
    }
    pool_recordings(m);
    return m;
}

void unlist_unrecorded_machines(BaselineFile& f, const std::string& keep) {
    std::set<std::string> used;
    if (!keep.empty()) used.insert(keep);
    for (const auto& [id, m] : f.metrics)
        for (const auto& r : m.recordings)
            used.insert(r.machine);
    std::erase_if(f.machines, [&](const BaselineMachine& b) { return !used.contains(b.id); });
}

std::vector<std::string> drop_recordings(BaselineFile& f, const std::set<std::string>& machines,
                                         const std::string& only) {
    auto dropped = [&](const Recording& r) { return machines.contains(r.machine); };
    BaselineFile out = f;
    std::vector<std::string> changed;
    for (auto& [id, m] : out.metrics) {
        if (!glob_match(only, id)) continue;
        const size_t before = m.recordings.size();
        std::erase_if(m.recordings, dropped);
        if (m.recordings.size() == before) continue;
        if (m.recordings.empty())
            throw BaselineError(id + " would have no recording left: record it on another "
                                     "machine first");
        pool_recordings(m);
        changed.push_back(id + ": " + std::to_string(before) + " -> " +
                          std::to_string(m.recordings.size()) + " machines");
    }
    unlist_unrecorded_machines(out);
    f = std::move(out);
    return changed;
}

} // namespace clgauge
