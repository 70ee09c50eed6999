// clgauge --compare A.json B.json: two reports side by side, no device needed.
#pragma once
#include "analysis/ab_comparison.hpp"
#include "cli/options.hpp"

#include <ostream>

namespace clgauge {

void print_comparison(std::ostream& os, const analysis::Comparison& c,
                      const analysis::ReportFile& a, const analysis::ReportFile& b,
                      const analysis::CompareSettings& s);

// Loads both reports, prints the comparison, returns the exit status (cli/options.cpp's
// usage text). A malformed or mismatched report throws std::invalid_argument (exit 2).
int run_ab_compare_cli(const CliOptions& cli);

} // namespace clgauge
