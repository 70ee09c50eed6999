#include "analysis/report_file.hpp"

#include "base/json_fields.hpp"
#include "base/stats.hpp"
#include "baseline/schema.hpp"
#include "report/json_report.hpp"
#include "report/measurement_json.hpp"

#include <cmath>
#include <set>

namespace clgauge::analysis {

using Fields = JsonFields<ReportFileError>;

std::vector<double> ReportMetric::figure_samples() const {
    std::vector<double> v;
    if (!samples_s || !(rate > 0) || !(median_s > 0)) return v;
    for (double t : *samples_s)
        v.push_back(unit == Unit::Seconds ? rate * t / median_s : rate * median_s / t);
    return v;
}

namespace {

bool close(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

ReportMetric read_metric(const Fields& m) {
    ReportMetric r;
    r.field = m.where();
    const MetricHeader header = metric_header_from_json(m);
    r.id = header.id;
    r.unit = header.unit;
    r.measurement = measurement_from_json(m);
    r.status = r.measurement.status;
    r.path = r.measurement.path;
    r.reason = r.measurement.reason;
    r.verified = m.object("verification").boolean("passed");
    r.first_mismatch = r.measurement.verification.first_mismatch;
    r.code = r.measurement.code;
    if (r.status != Status::Ok) return r;

    r.rate = m.positive("rate");
    r.median_s = m.positive("median_s");
    if (m.has("samples_s")) {
        auto samples = m.positives("samples_s");
        if (!samples.empty()) {
            // A hand-edited median its samples do not support would be compared as measured.
            const double median = summarize(samples).median;
            if (!close(median, r.median_s))
                m.fail("samples_s", "has median " + nlohmann::json(median).dump() +
                                        " but median_s is " + m.at("median_s").dump());
            r.samples_s = std::move(samples);
        }
    }
    if (r.unit == Unit::Seconds && !close(r.rate, r.median_s))
        m.fail("rate", "is " + m.at("rate").dump() + " but a latency's figure is its median_s, " +
                           m.at("median_s").dump());
    return r;
}

ReportDevice read_device(const Fields& d) {
    ReportDevice r;
    r.field = d.where();
    const Fields facts = d.object("device");
    r.name = facts.str("name");
    if (r.name.empty()) facts.fail("name", "must not be empty");
    r.platform = facts.str("platform", false);
    r.driver = facts.str("driver", false);
    r.mode = d.str("mode");
    std::set<std::string> ids;
    const auto& metrics = d.array("metrics");
    for (size_t i = 0; i < metrics.size(); ++i) {
        const Fields m = d.element("metrics", i);
        r.metrics.push_back(read_metric(m));
        if (!ids.insert(r.metrics.back().id).second)
            m.fail("id", "\"" + r.metrics.back().id + "\" appears twice in this device");
    }
    return r;
}

} // namespace

ReportFile report_from_json(const nlohmann::json& j, const std::string& file) {
    const Fields top(j, file, "");
    if (top.str("schema") != "clgauge.report")
        top.fail("schema", "must be \"clgauge.report\" (clgauge --json FILE writes one), got \"" +
                               top.str("schema") + "\"");
    const auto& v = top.at("schema_version");
    if (!v.is_number_integer() || v.get<long long>() != kReportSchemaVersion)
        top.fail("schema_version", "is " + v.dump() + "; this clgauge reads version " +
                                       std::to_string(kReportSchemaVersion));
    ReportFile r;
    r.file = file;
    r.clgauge_version = top.str("clgauge_version", false);
    r.date = top.str("date", false);
    const auto& devices = top.array("devices");
    for (size_t i = 0; i < devices.size(); ++i)
        r.devices.push_back(read_device(top.element("devices", i)));
    return r;
}

ReportFile load_report(const std::string& path) {
    const nlohmann::json j = parse_json<ReportFileError>(read_text<ReportFileError>(path), path);
    return report_from_json(j, path);
}

} // namespace clgauge::analysis
