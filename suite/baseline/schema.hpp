// Baseline files (schema clgauge.baseline v1): one JSON file per device with, per metric,
// the recorded median, its spread, the raw samples and the tolerance the verdict uses.
#pragma once
#include "types/benchmark.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

constexpr int kBaselineSchemaVersion = 1;
constexpr size_t kMinBaselineSamples = 9;

// A baseline file that cannot be used; the message names the file and the field.
struct BaselineError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct BaselineDevice {
    std::string platform, vendor, name, type, pci_bus_id, nv_compute_capability;
    uint32_t vendor_id = 0;
    uint32_t compute_units = 0, max_clock_mhz = 0;
};

struct MetricBaseline {
    Unit unit = Unit::FlopPerSecond;
    bool supported = true; // status "ok"; false: "unsupported" (a capability it lacked)
    std::string path;      // the implementation path that ran
    std::string reason;    // why it was unsupported
    // In the metric's unit (a rate, or seconds for latencies); all positive when supported.
    double median = 0, mad = 0, min = 0, max = 0, mean = 0;
    std::vector<double> samples;
    unsigned rounds = 0;  // independent passes the samples were pooled from
    double budget_ms = 0; // the time budget it was measured with; a check measures alike
    double tolerance = 0; // relative, in (0, 1)
    std::string driver, date, clgauge_version; // when and on what it was recorded
};

struct BaselineFile {
    BaselineDevice device;
    std::string driver, device_version, opencl_c_version, date, clgauge_version;
    std::map<std::string, MetricBaseline> metrics; // by benchmark id
};

std::optional<Unit> unit_from_name(const std::string& name);

// Keys in a reading order (schema first, samples last), as the file is also read by people.
nlohmann::ordered_json baseline_to_json(const BaselineFile& f);
// Validates everything the verdict relies on; `file` names the source in errors.
BaselineFile baseline_from_json(const nlohmann::json& j, const std::string& file);
BaselineFile parse_baseline(const std::string& text, const std::string& file);
BaselineFile load_baseline(const std::string& path);                // throws BaselineError
void save_baseline(const std::string& path, const BaselineFile& f); // atomic

} // namespace clgauge
