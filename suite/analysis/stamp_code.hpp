// Adding code fingerprints and resources to a baseline recorded before clgauge measured them,
// without measuring its rates again: from a clgauge --json report of a perf run on the same
// device and driver, each metric's code is copied into the recordings of that driver.
#pragma once
#include "analysis/report_file.hpp"
#include "baseline/schema.hpp"

#include <string>
#include <vector>

namespace clgauge::analysis {

struct StampOutcome {
    std::vector<std::string> stamped; // "id: fingerprint (k recordings)"
    std::vector<std::string> skipped; // "id: why"
};

// Stamps `f` (the file `file`) from report `r`. Throws ReportFileError, with `f` untouched, when
// the report is no perf run, holds no device of the baseline's name, or was run on a driver
// none of the baseline's recordings was made with: its code need not be theirs. A metric the
// report did not run ok, ran on another path or measured without a fingerprint is skipped.
StampOutcome stamp_code(BaselineFile& f, const std::string& file, const ReportFile& r);

} // namespace clgauge::analysis
