#include "baseline/record.hpp"

#include "baseline/compare.hpp"
#include "baseline/match.hpp"
#include "report/json_report.hpp"
#include "report/results.hpp"

#include <ctime>

namespace clgauge {

RecordOutcome metric_from_rounds(const Benchmark& b, const std::vector<Measurement>& rounds,
                                 const DeviceFacts& facts, const std::string& date,
                                 double tolerance_floor) {
    RecordOutcome out;
    MetricBaseline& m = out.metric;
    m.unit = b.unit;
    m.driver = facts.driver;
    m.date = date;
    m.clgauge_version = CLGAUGE_VERSION;
    if (rounds.empty()) {
        out.why = "not measured";
        return out;
    }
    for (const auto& r : rounds)
        if (is_failure(r.status)) {
            out.why = std::string(status_name(r.status)) + ": " + r.reason +
                      " (a baseline is only recorded from verified runs)";
            return out;
        }
    if (rounds.front().status == Status::Unsupported) {
        m.supported = false;
        m.reason = rounds.front().reason;
        out.recorded = true;
        return out;
    }
    std::vector<double> medians;
    for (const auto& r : rounds) {
        if (r.status != Status::Ok) {
            out.why = "unsupported in one round and ok in another";
            return out;
        }
        const auto s = metric_samples(b, r);
        m.samples.insert(m.samples.end(), s.begin(), s.end());
        medians.push_back(metric_value(b, r));
        m.path = r.path;
    }
    if (m.samples.size() < kMinBaselineSamples) {
        out.why = "only " + std::to_string(m.samples.size()) + " samples (needs " +
                  std::to_string(kMinBaselineSamples) + ")";
        return out;
    }
    const Stats st = summarize(m.samples);
    m.median = st.median;
    m.mad = st.mad;
    m.min = st.min;
    m.max = st.max;
    m.mean = st.mean;
    m.rounds = static_cast<unsigned>(rounds.size());
    m.tolerance = tolerance_from_spread(st.median, st.mad, medians, tolerance_floor);
    out.recorded = true;
    return out;
}

BaselineFile merge_baseline(const BaselineFile* existing, const DeviceFacts& facts,
                            const std::vector<std::pair<std::string, MetricBaseline>>& recorded,
                            const std::string& date) {
    BaselineFile f = existing ? *existing : BaselineFile{};
    f.device = device_of(facts);
    f.driver = facts.driver;
    f.device_version = facts.device_version;
    f.opencl_c_version = facts.opencl_c_version;
    f.date = date;
    f.clgauge_version = CLGAUGE_VERSION;
    for (const auto& [id, m] : recorded)
        f.metrics[id] = m;
    return f;
}

} // namespace clgauge
