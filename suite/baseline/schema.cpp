#include "baseline/schema.hpp"

#include "core/files.hpp"
#include "core/json_fields.hpp"
#include "core/stats.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

namespace clgauge {

std::optional<Unit> unit_from_name(const std::string& name) {
    for (Unit u : {Unit::FlopPerSecond, Unit::OpPerSecond, Unit::BytePerSecond, Unit::Seconds})
        if (name == unit_name(u)) return u;
    return std::nullopt;
}

nlohmann::ordered_json baseline_to_json(const BaselineFile& f) {
    nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
    for (const auto& [id, m] : f.metrics) {
        nlohmann::ordered_json j = {{"unit", unit_name(m.unit)},
                                    {"status", m.supported ? "ok" : "unsupported"},
                                    {"path", m.path}};
        if (m.supported) {
            j["median"] = m.median;
            j["mad"] = m.mad;
            j["min"] = m.min;
            j["max"] = m.max;
            j["mean"] = m.mean;
            j["count"] = m.samples.size();
            j["rounds"] = m.rounds;
            j["budget_ms"] = m.budget_ms;
            j["tolerance"] = m.tolerance;
        } else {
            j["reason"] = m.reason;
        }
        j["recorded"] = {
            {"driver", m.driver}, {"date", m.date}, {"clgauge_version", m.clgauge_version}};
        if (m.supported) j["samples"] = m.samples;
        metrics[id] = j;
    }
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
            {"metrics", metrics}};
}

namespace {

// Every error names "file: field".
using Reader = JsonFields<BaselineError>;

bool close(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

MetricBaseline read_metric(const Reader& r) {
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

    m.median = r.positive("median");
    m.min = r.positive("min");
    m.max = r.positive("max");
    m.mean = r.positive("mean");
    m.mad = r.number("mad");
    if (m.mad < 0) r.fail("mad", "must not be negative");
    m.tolerance = r.number("tolerance");
    if (!(m.tolerance > 0 && m.tolerance < 1))
        r.fail("tolerance", "must be a fraction in (0, 1), got " + r.at("tolerance").dump());
    m.rounds = r.count("rounds", false);
    if (r.has("budget_ms")) {
        m.budget_ms = r.number("budget_ms");
        if (m.budget_ms < 0) r.fail("budget_ms", "must not be negative");
    }
    m.samples = r.positives("samples");
    if (m.samples.size() < kMinBaselineSamples)
        r.fail("samples", "has " + std::to_string(m.samples.size()) + " samples, needs at least " +
                              std::to_string(kMinBaselineSamples) + " (re-record)");
    if (r.count("count") != m.samples.size())
        r.fail("count", "is " + r.at("count").dump() + " but samples has " +
                            std::to_string(m.samples.size()) + " values");
    // A hand-edited median that its samples do not support would gate on nothing.
    const Stats st = summarize(m.samples);
    if (!close(st.median, m.median))
        r.fail("median", "is " + r.at("median").dump() + " but the median of samples is " +
                             nlohmann::json(st.median).dump() + " (edit both, or re-record)");
    if (!close(st.min, m.min) || !close(st.max, m.max))
        r.fail("min", "min/max disagree with the samples (" + nlohmann::json(st.min).dump() +
                          " .. " + nlohmann::json(st.max).dump() + ")");
    return m;
}

} // namespace

BaselineFile baseline_from_json(const nlohmann::json& j, const std::string& file) {
    const Reader top(j, file, "");
    if (top.str("schema") != "clgauge.baseline")
        top.fail("schema", "must be \"clgauge.baseline\", got \"" + top.str("schema") + "\"");
    const auto& v = top.at("schema_version");
    if (!v.is_number_integer() || v.get<long long>() != kBaselineSchemaVersion)
        top.fail("schema_version", "is " + v.dump() + "; this clgauge reads version " +
                                       std::to_string(kBaselineSchemaVersion));
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
    const auto& metrics = top.at("metrics");
    if (!metrics.is_object()) top.fail("metrics", "must be an object keyed by benchmark id");
    for (const auto& [id, mj] : metrics.items())
        f.metrics[id] = read_metric(Reader(mj, file, "metrics[\"" + id + "\"]"));
    return f;
}

BaselineFile parse_baseline(const std::string& text, const std::string& file) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw BaselineError(file + ": not valid JSON: " + e.what());
    }
    return baseline_from_json(j, file);
}

BaselineFile load_baseline(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw BaselineError(path + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return parse_baseline(text.str(), path);
}

void save_baseline(const std::string& path, const BaselineFile& f) {
    write_file_atomically(path, baseline_to_json(f).dump(2) + "\n");
}

} // namespace clgauge
