// A --check run's verdicts in the JSON report: the device's "check" section (clgauge --check
// --json FILE), one object per metric beside the summary the console prints.
#pragma once
#include "baseline/check.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge {

// {"baseline": FILE, "driver": "same driver ...", "summary": {ok, regressions, ...},
//  "verdicts": [{id, unit, verdict, fails, status, path, baseline, measured, change, ...}]}
nlohmann::json checks_to_json(const std::string& file, const BaselineFile& f,
                              const DeviceFacts& facts, const std::vector<MetricCheck>& checks);

} // namespace clgauge
