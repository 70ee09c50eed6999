// The sweep mode on one device: the named sweeps run, their files written, their features
// printed.
#pragma once
#include "conduct/request.hpp"
#include "core/session.hpp"
#include "sweep/sweep.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge {

// The sweeps `names` stand for ("all": every one); an unknown name throws
// std::invalid_argument naming it.
std::vector<const sweep::Sweep*> sweeps_named(const std::vector<std::string>& names);

// Runs mode.names on one device, writes their files under mode.out_dir, prints the features;
// returns the sweeps' JSON and sets `failed` / `hung` (a hang ends the sweeps on the device).
nlohmann::json run_sweeps(const SweepMode& mode, Session& s, const RunOptions& base,
                          ProgressLine& progress, bool& failed, bool& hung);

} // namespace clgauge
