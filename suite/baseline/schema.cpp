#include "baseline/schema.hpp"

#include "base/files.hpp"
#include "base/json_fields.hpp"
#include "core/code_json.hpp"

#include "baseline/gate.hpp"
#include "baseline/pool.hpp"

#include "base/stats.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace clgauge {

namespace {
nlohmann::ordered_json recording_to_json(const Recording& r) {
    nlohmann::ordered_json j = {{"machine", r.machine}, {"date", r.date},
                                {"driver", r.driver},   {"clgauge_version", r.clgauge_version},
                                {"rounds", r.rounds},   {"budget_ms", r.budget_ms},
                                {"value", r.value},     {"tolerance", r.tolerance},
                                {"median", r.median},   {"min", r.min},
                                {"max", r.max},         {"count", r.samples.size()}};
    if (r.reference > 0) j["reference"] = r.reference;
    if (!r.reference_rounds.empty()) {
        nlohmann::ordered_json rounds = nlohmann::ordered_json::array();
        for (const ReferenceRound& x : r.reference_rounds)
            rounds.push_back({{"samples", x.samples}, {"reference", x.reference}});
        j["reference_rounds"] = rounds;
        j["ratio_tolerance"] = r.ratio_tolerance;
    }
    if (r.code.known()) j["code"] = code_to_json<nlohmann::ordered_json>(r.code);
    j["samples"] = r.samples;
    return j;
}
} // namespace

nlohmann::ordered_json baseline_to_json(const BaselineFile& f) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    for (const auto& [id, m] : f.metrics) {
        nlohmann::ordered_json j = {{"unit", unit_name(m.unit)},
                                    {"status", m.supported ? "ok" : "unsupported"},
                                    {"path", m.path}};
        if (m.supported) {
            j["statistic"] = gate_statistic(m.unit);
            j["value"] = m.value;
            j["tolerance"] = m.tolerance;
        } else {
            j["reason"] = m.reason;
        }
        j["recorded"] = {
            {"driver", m.driver}, {"date", m.date}, {"clgauge_version", m.clgauge_version}};
        if (m.supported) {
            nlohmann::ordered_json recs = nlohmann::ordered_json::array();
            for (const auto& r : m.recordings)
                recs.push_back(recording_to_json(r));
            j["recordings"] = recs;
        }
        metrics[id] = j;
    }
    nlohmann::ordered_json machines = nlohmann::ordered_json::array();
    for (const auto& m : f.machines)
        machines.push_back({{"id", m.id},
                            {"hostname_hash", m.hostname_hash},
                            {"cpu", m.cpu},
                            {"first_recorded", m.first_recorded},
                            {"last_recorded", m.last_recorded}});
    const auto& d = f.device;
    return {{"schema", "clgauge.baseline"},
            {"schema_version", kBaselineSchemaVersion},
            {"device",
             {{"platform", d.platform},
              {"vendor", d.vendor},
              {"vendor_id", d.vendor_id},
              {"name", d.name},
              {"type", d.type},
              {"pci_bus_id", d.pci_bus_id},
              {"nv_compute_capability", d.nv_compute_capability},
              {"compute_units", d.compute_units},
              {"max_clock_mhz", d.max_clock_mhz}}},
            {"driver", f.driver},
            {"device_version", f.device_version},
            {"opencl_c_version", f.opencl_c_version},
            {"date", f.date},
            {"clgauge_version", f.clgauge_version},
            {"machines", machines},
            {"metrics", metrics}};
}

namespace {

using Reader = JsonFields<BaselineError>;

bool close(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

std::string num(double x) {
    return nlohmann::json(x).dump();
}

std::vector<double> read_samples(const Reader& r) {
    const std::vector<double> v = r.positives("samples");
    if (v.size() < kMinBaselineSamples)
        r.fail("samples", "has " + std::to_string(v.size()) + " samples, needs at least " +
                              std::to_string(kMinBaselineSamples) + " (re-record)");
    if (r.count("count") != v.size())
        r.fail("count", "is " + r.at("count").dump() + " but samples has " +
                            std::to_string(v.size()) + " values");
    return v;
}

double read_tolerance(const Reader& r) {
    const double t = r.number("tolerance");
    if (!(t > 0 && t < 1))
        r.fail("tolerance", "must be a fraction in (0, 1), got " + r.at("tolerance").dump());
    // Rounding of a capped value written and read back stays within the cap.
    if (t > kToleranceCap * (1 + 1e-9))
        r.fail("tolerance", "is " + r.at("tolerance").dump() + ", above the cap of " +
                                num(kToleranceCap) +
                                ": a metric that noisy gates on nothing (re-record it on an "
                                "idle machine, or drop the metric)");
    return t;
}

// median, min and max as the samples give them: a hand-edited median that its samples do not
// support would gate on nothing.
void check_summary(const Reader& r, const std::vector<double>& samples, double median, double min,
                   double max) {
    const Stats st = summarize(samples);
    if (!close(st.median, median))
        r.fail("median", "is " + r.at("median").dump() + " but the median of samples is " +
                             num(st.median) + " (edit both, or re-record)");
    if (!close(st.min, min) || !close(st.max, max))
        r.fail("min",
               "min/max disagree with the samples (" + num(st.min) + " .. " + num(st.max) + ")");
}

// A version 1 metric: one recording, made on a machine the file does not name.
void read_v1_recording(const Reader& r, MetricBaseline& m) {
    Recording rec;
    rec.machine = kSchemaV1Machine;
    rec.median = r.positive("median");
    rec.min = r.positive("min");
    rec.max = r.positive("max");
    (void)r.positive("mean");
    if (r.number("mad") < 0) r.fail("mad", "must not be negative");
    rec.tolerance = read_tolerance(r);
    rec.rounds = r.count("rounds", false);
    if (r.has("budget_ms")) {
        rec.budget_ms = r.number("budget_ms");
        if (rec.budget_ms < 0) r.fail("budget_ms", "must not be negative");
    }
    rec.samples = read_samples(r);
    check_summary(r, rec.samples, rec.median, rec.min, rec.max);
    rec.value = gate_value(m.unit, rec.samples);
    rec.path = m.path;
    rec.driver = m.driver;
    rec.date = m.date;
    rec.clgauge_version = m.clgauge_version;
    m.recordings = {rec};
    pool_recordings(m);
    m.tolerance = rec.tolerance;
}

Recording read_recording(const Reader& r, const MetricBaseline& m) {
    Recording rec;
    rec.machine = r.str("machine");
    if (rec.machine.empty()) r.fail("machine", "must not be empty");
    rec.date = r.str("date", false);
    rec.driver = r.str("driver", false);
    rec.clgauge_version = r.str("clgauge_version", false);
    rec.path = m.path;
    rec.rounds = r.count("rounds", false);
    if (r.has("budget_ms")) {
        rec.budget_ms = r.number("budget_ms");
        if (rec.budget_ms < 0) r.fail("budget_ms", "must not be negative");
    }
    rec.tolerance = read_tolerance(r);
    rec.value = r.positive("value");
    rec.median = r.positive("median");
    rec.min = r.positive("min");
    rec.max = r.positive("max");
    rec.samples = read_samples(r);
    check_summary(r, rec.samples, rec.median, rec.min, rec.max);
    if (r.has("reference")) rec.reference = r.positive("reference");
    if (r.has("reference_rounds")) {
        size_t counted = 0;
        for (size_t i = 0; i < r.array("reference_rounds").size(); ++i) {
            const Reader round = r.element("reference_rounds", i);
            rec.reference_rounds.push_back({round.count("samples"), round.positive("reference")});
            counted += rec.reference_rounds.back().samples;
        }
        if (counted != rec.samples.size())
            r.fail("reference_rounds", "count " + std::to_string(counted) + " samples, the " +
                                           "recording holds " + std::to_string(rec.samples.size()));
        rec.ratio_tolerance = r.number("ratio_tolerance");
        if (!(rec.ratio_tolerance > 0 && rec.ratio_tolerance <= kToleranceCap * (1 + 1e-9)))
            r.fail("ratio_tolerance", "must be a fraction in (0, " + num(kToleranceCap) + "]");
    }
    rec.code = code_from_json(r);
    const double want = gate_value(m.unit, rec.samples);
    if (!close(want, rec.value))
        r.fail("value", "is " + r.at("value").dump() + " but the " + gate_statistic(m.unit) +
                            " of samples is " + num(want) + " (edit both, or re-record)");
    return rec;
}

void read_v2_recordings(const Reader& r, MetricBaseline& m) {
    const std::string stat = r.str("statistic");
    if (stat != gate_statistic(m.unit))
        r.fail("statistic", "is \"" + stat + "\"; a metric in " + unit_name(m.unit) +
                                " gates on \"" + gate_statistic(m.unit) + "\"");
    const auto& recs = r.at("recordings");
    if (!recs.is_array() || recs.empty())
        r.fail("recordings", "must be a non-empty array (one recording per machine)");
    for (size_t i = 0; i < recs.size(); ++i) {
        const std::string key = "recordings[" + std::to_string(i) + "]";
        Recording rec = read_recording(r.element("recordings", i), m);
        for (const auto& other : m.recordings)
            if (other.machine == rec.machine)
                r.fail(key + ".machine",
                       "\"" + rec.machine + "\" has two recordings; a machine has one");
        m.recordings.push_back(std::move(rec));
    }
    const double value = r.positive("value"), tolerance = read_tolerance(r);
    pool_recordings(m);
    if (!close(value, m.value))
        r.fail("value", "is " + num(value) + " but the recordings pool to " + num(m.value) +
                            " (the median of their values; edit both, or re-record)");
    // Wider than the pooled spread is allowed (a hand-set margin), narrower is not: a tolerance
    // that ignores the machines' spread fails on the machines that were recorded.
    if (tolerance < m.tolerance * (1 - 1e-9))
        r.fail("tolerance", "is " + num(tolerance) + " but the recordings need at least " +
                                num(m.tolerance) +
                                " (the typical machine's own tolerance plus twice the machines' "
                                "spread: baseline/pool.hpp)");
    m.tolerance = tolerance;
}

MetricBaseline read_metric(const Reader& r, int version) {
    MetricBaseline m;
    const std::string unit = r.str("unit");
    const auto u = unit_from_name(unit);
    if (!u) r.fail("unit", "unknown unit \"" + unit + "\" (FLOP/s, OP/s, B/s or s)");
    m.unit = *u;
    const std::string status = r.str("status");
    if (status != "ok" && status != "unsupported")
        r.fail("status", "must be \"ok\" or \"unsupported\", got \"" + status + "\"");
    m.supported = status == "ok";
    m.path = r.str("path", false);
    m.reason = r.str("reason", false);
    if (r.has("recorded")) {
        const Reader rec = r.object("recorded");
        m.driver = rec.str("driver", false);
        m.date = rec.str("date", false);
        m.clgauge_version = rec.str("clgauge_version", false);
    }
    if (!m.supported) return m;
    if (version == 1)
        read_v1_recording(r, m);
    else
        read_v2_recordings(r, m);
    return m;
}

std::vector<BaselineMachine> read_machines(const Reader& top, int version,
                                           const std::string& date) {
    std::vector<BaselineMachine> out;
    if (version == 1) {
        BaselineMachine m;
        m.id = kSchemaV1Machine;
        m.cpu = "unknown (recorded with schema version 1)";
        m.first_recorded = m.last_recorded = date;
        out.push_back(m);
        return out;
    }
    const auto& arr = top.at("machines");
    if (!arr.is_array()) top.fail("machines", "must be an array of machines");
    for (size_t i = 0; i < arr.size(); ++i) {
        const Reader r = top.element("machines", i);
        BaselineMachine m;
        m.id = r.str("id");
        if (m.id.empty()) r.fail("id", "must not be empty");
        for (const auto& other : out)
            if (other.id == m.id) r.fail("id", "\"" + m.id + "\" is listed twice");
        m.hostname_hash = r.str("hostname_hash", false);
        m.cpu = r.str("cpu", false);
        m.first_recorded = r.str("first_recorded", false);
        m.last_recorded = r.str("last_recorded", false);
        out.push_back(m);
    }
    return out;
}

} // namespace

BaselineFile baseline_from_json(const nlohmann::json& j, const std::string& file) {
    const Reader top(j, file, "");
    if (top.str("schema") != "clgauge.baseline")
        top.fail("schema", "must be \"clgauge.baseline\", got \"" + top.str("schema") + "\"");
    const auto& v = top.at("schema_version");
    if (!v.is_number_integer() || v.get<long long>() < kOldestBaselineSchemaVersion ||
        v.get<long long>() > kBaselineSchemaVersion)
        top.fail("schema_version", "is " + v.dump() + "; this clgauge reads versions " +
                                       std::to_string(kOldestBaselineSchemaVersion) + " to " +
                                       std::to_string(kBaselineSchemaVersion));
    const int version = int(v.get<long long>());
    BaselineFile f;
    const Reader d = top.object("device");
    f.device.platform = d.str("platform", false);
    f.device.vendor = d.str("vendor");
    f.device.name = d.str("name");
    if (f.device.vendor.empty()) d.fail("vendor", "must not be empty");
    if (f.device.name.empty()) d.fail("name", "must not be empty");
    f.device.type = d.str("type", false);
    f.device.pci_bus_id = d.str("pci_bus_id", false);
    f.device.nv_compute_capability = d.str("nv_compute_capability", false);
    f.device.vendor_id = d.count("vendor_id", false);
    f.device.compute_units = d.count("compute_units", false);
    f.device.max_clock_mhz = d.count("max_clock_mhz", false);
    f.driver = top.str("driver");
    f.device_version = top.str("device_version", false);
    f.opencl_c_version = top.str("opencl_c_version", false);
    f.date = top.str("date", false);
    f.clgauge_version = top.str("clgauge_version", false);
    f.machines = read_machines(top, version, f.date);
    const auto& metrics = top.at("metrics");
    if (!metrics.is_object()) top.fail("metrics", "must be an object keyed by benchmark id");
    for (const auto& [id, mj] : metrics.items()) {
        const std::string where = "metrics[\"" + id + "\"]";
        const Reader r(mj, file, where);
        f.metrics[id] = read_metric(r, version);
        for (size_t i = 0; i < f.metrics[id].recordings.size(); ++i) {
            const std::string& machine = f.metrics[id].recordings[i].machine;
            if (std::none_of(f.machines.begin(), f.machines.end(),
                             [&](const BaselineMachine& m) { return m.id == machine; }))
                r.fail("recordings[" + std::to_string(i) + "].machine",
                       "\"" + machine + "\" is not in the file's machines");
        }
    }
    return f;
}

BaselineFile parse_baseline(const std::string& text, const std::string& file) {
    return baseline_from_json(parse_json<BaselineError>(text, file), file);
}

BaselineFile load_baseline(const std::string& path) {
    return parse_baseline(read_text<BaselineError>(path), path);
}

void save_baseline(const std::string& path, const BaselineFile& f) {
    write_output_file(path, baseline_to_json(f).dump(2) + "\n");
}

std::string baseline_lock_path(const std::string& path) {
    const std::filesystem::path p(path);
    return (p.parent_path() / ("." + p.filename().string() + ".lock")).string();
}

} // namespace clgauge
