// Machine-readable reports: JSON (versioned schema) and CSV, written atomically.
#pragma once
#include "report/results.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge {

constexpr int kReportSchemaVersion = 1;

nlohmann::json facts_to_json(const DeviceFacts& f);
nlohmann::json caps_to_json(const Capabilities& c);
nlohmann::json measurement_to_json(const Benchmark& b, const Measurement& m);
nlohmann::json report_to_json(const std::vector<DeviceReport>& reports);

std::string report_to_csv(const std::vector<DeviceReport>& reports);

// Now, as "2026-11-21T07:30:00Z".
std::string utc_timestamp();

// Writes to path.tmp then renames, so a reader never sees half a file.
void write_file_atomically(const std::string& path, const std::string& text);

} // namespace clgauge
