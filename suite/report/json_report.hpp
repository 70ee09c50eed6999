// Machine-readable reports: JSON (versioned schema; a metric is report/measurement_json's form)
// and CSV, written atomically.
#pragma once
#include "base/files.hpp"
#include "types/results.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge {

constexpr int kReportSchemaVersion = 1;

nlohmann::json facts_to_json(const DeviceFacts& f);
nlohmann::json caps_to_json(const Capabilities& c);
nlohmann::json report_to_json(const std::vector<DeviceReport>& reports);

std::string report_to_csv(const std::vector<DeviceReport>& reports);

} // namespace clgauge
