// A clgauge --json report read back (schema clgauge.report v1), for comparing two of them:
// every field a comparison relies on is checked, and an error names the file and the field.
#pragma once
#include "core/code_identity.hpp"
#include "types/benchmark.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge::analysis {

// A report that cannot be used; the message names the file and the field.
struct ReportFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ReportMetric {
    std::string field; // "devices[0].metrics[3]", for messages
    std::string id, path, reason;
    Unit unit = Unit::FlopPerSecond;
    Status status = Status::Error;
    bool verified = false;      // verification.passed
    std::string first_mismatch; // verification.first_mismatch
    CodeIdentity code;          // unknown in a report written before fingerprints
    Measurement measurement;    // the whole metric object (report/measurement_json.hpp)
    // Only when status is ok: the figure (work per second, or seconds for unit s), the median
    // per-launch device time, and the per-launch device times (samples_s) when the report
    // carries them.
    double rate = 0, median_s = 0;
    std::optional<std::vector<double>> samples_s;
    // The per-launch times as figures in the metric's unit, scaled like the figure itself
    // (rate x median / t, or t for latencies); empty without samples.
    std::vector<double> figure_samples() const;
};

struct ReportDevice {
    std::string field; // "devices[0]"
    std::string name, platform, driver, mode;
    std::vector<ReportMetric> metrics;
};

struct ReportFile {
    std::string file; // as named on the command line
    std::string clgauge_version, date;
    std::vector<ReportDevice> devices;
};

ReportFile report_from_json(const nlohmann::json& j, const std::string& file);
ReportFile load_report(const std::string& path); // throws ReportFileError

} // namespace clgauge::analysis
