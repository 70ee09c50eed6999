// The clgauge program's sweep names and roofline mode (the sweeps run in conduct/sweep_run).
#pragma once
#include "cli/options.hpp"
#include "types/benchmark.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace clgauge {

// Unknown names throw std::invalid_argument; "all" is every sweep.
void check_sweep_names(const std::vector<std::string>& names);
void list_sweeps(std::ostream& os);

// Draws a roofline per device of cli.roofline_report under cli.out_dir.
int run_roofline_cli(const CliOptions& cli);

} // namespace clgauge
