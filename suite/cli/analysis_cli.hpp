// The clgauge program's sweep, roofline and timing-analysis modes.
#pragma once
#include "cli/options.hpp"
#include "types/benchmark.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace clgauge {

// Unknown names throw UsageError; "all" is every sweep.
void check_sweep_names(const std::vector<std::string>& names);
void list_sweeps(std::ostream& os);

// Runs the named sweeps on one device, writes their files under cli.out_dir, prints the
// features; returns the sweeps' JSON and sets `failed` / `hung`.
nlohmann::json run_sweeps_cli(const CliOptions& cli, Session& s, const RunOptions& base,
                              bool& failed, bool& hung);

// Draws a roofline per device of cli.roofline_report under cli.out_dir.
int run_roofline_cli(const CliOptions& cli);

} // namespace clgauge
