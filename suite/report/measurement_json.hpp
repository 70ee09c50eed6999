// The one JSON form of a measurement: a metric object of the --json report. The report writes
// it, the crash journal writes and reads it (a resumed run reports what the crashed process
// measured exactly as that process would have), the report reader (analysis/report_file) and
// the tests read it. Reading checks each field it finds and names the file and the field;
// the fields a report written before them lacks read as their defaults.
#pragma once
#include "base/json_fields.hpp"
#include "core/code_json.hpp"
#include "types/benchmark.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace clgauge {

nlohmann::json measurement_to_json(const Benchmark& b, const Measurement& m);

// The benchmark id and the unit of a metric object, which the measurement does not hold.
struct MetricHeader {
    std::string id;
    Unit unit = Unit::FlopPerSecond;
};

template <class Error> MetricHeader metric_header_from_json(const JsonFields<Error>& m) {
    MetricHeader h;
    h.id = m.str("id");
    if (h.id.empty()) m.fail("id", "must not be empty");
    const std::string unit = m.str("unit");
    const auto u = unit_from_name(unit);
    if (!u) m.fail("unit", "unknown unit \"" + unit + "\" (FLOP/s, OP/s, B/s or s)");
    h.unit = *u;
    return h;
}

namespace measurement_json_detail {
template <class Error> double number_or(const JsonFields<Error>& f, const char* key, double v) {
    return f.has(key) ? f.number(key) : v;
}
template <class Error> size_t count_or_zero(const JsonFields<Error>& f, const char* key) {
    if (!f.has(key)) return 0;
    const double v = f.number(key);
    if (v < 0 || v != double(size_t(v))) f.fail(key, "must be a non-negative integer");
    return size_t(v);
}
template <class Error>
std::vector<double> numbers_or_none(const JsonFields<Error>& f, const char* key) {
    std::vector<double> out;
    if (!f.has(key)) return out;
    const auto& a = f.array(key);
    for (size_t i = 0; i < a.size(); ++i) {
        if (!a[i].is_number())
            f.fail(std::string(key) + "[" + std::to_string(i) + "]", "must be a number");
        out.push_back(a[i].template get<double>());
    }
    return out;
}
} // namespace measurement_json_detail

// The measurement of metric object `m` (what measurement_to_json wrote).
template <class Error> Measurement measurement_from_json(const JsonFields<Error>& m) {
    using namespace measurement_json_detail;
    Measurement r;
    const std::string status = m.str("status");
    const auto s = status_from_name(status);
    if (!s)
        m.fail("status", "unknown status \"" + status +
                             "\" (ok, unsupported, build-failed, verify-failed, error, timeout or "
                             "crashed)");
    r.status = *s;
    r.reason = m.str("reason", false);
    r.build_log = m.str("build_log", false);
    r.path = m.str("path", false);
    r.code = code_from_json(m);
    Stats& d = r.timings.device;
    d.median = number_or(m, "median_s", 0.0);
    d.min = number_or(m, "min_s", 0.0);
    d.max = number_or(m, "max_s", 0.0);
    d.mean = number_or(m, "mean_s", 0.0);
    d.mad = number_or(m, "mad_s", 0.0);
    d.samples = numbers_or_none(m, "samples_s");
    r.timings.host.median = number_or(m, "host_median_s", 0.0);
    const std::string clock = m.str("clock", false);
    if (clock == timer_source_name(TimerSource::Host))
        r.timings.clock = TimerSource::Host;
    else if (!clock.empty() && clock != timer_source_name(TimerSource::Device))
        m.fail("clock", "must be \"device\" or \"host\", got \"" + clock + "\"");
    r.timings.clock_note = m.str("clock_note", false);
    r.timings.warmup_dropped = count_or_zero(m, "warmup_dropped");
    r.work_per_launch = number_or(m, "work_per_launch", 0.0);
    r.global_size = count_or_zero(m, "global_size");
    r.local_size = count_or_zero(m, "local_size");
    if (m.has("verification")) {
        const JsonFields<Error> v = m.object("verification");
        r.verification.checked = count_or_zero(v, "checked");
        r.verification.mismatches = count_or_zero(v, "mismatches");
        r.verification.first_mismatch = v.str("first_mismatch", false);
        r.verification.degenerate = v.str("degenerate", false);
    }
    if (m.has("details")) {
        const JsonFields<Error> details = m.object("details");
        for (const auto& [k, v] : m.at("details").items())
            r.details.emplace_back(k, details.str(k));
    }
    if (m.has("reference")) {
        const JsonFields<Error> ref = m.object("reference");
        r.reference_what = ref.str("what");
        r.reference_rate = ref.positive("rate");
    }
    if (m.has("phases_s")) {
        const JsonFields<Error> phases = m.object("phases_s");
        for (size_t i = 0; i < kPhaseCount; ++i)
            r.phases.seconds[i] = number_or(phases, phase_name(Phase(i)), 0.0);
    }
    // A report written before the field: a latency's figure is its time.
    r.time_is_figure = m.has("time_is_figure")
                           ? m.boolean("time_is_figure")
                           : m.has("unit") && m.str("unit") == unit_name(Unit::Seconds);
    return r;
}

} // namespace clgauge
