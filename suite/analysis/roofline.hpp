// A roofline from a clgauge --json report: the measured compute peaks (one ceiling per
// benchmark in FLOP/s or OP/s) under the best measured device-memory bandwidth.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clgauge::analysis {

struct Ceiling {
    std::string id, unit; // "fp32.fma", "FLOP/s"
    double rate = 0;
};

struct Roofline {
    std::string device;
    std::vector<Ceiling> compute; // highest first
    Ceiling memory; // the best device-memory B/s metric (mem.*, stream.*); rate 0 when none
};

// One roofline per device of a clgauge.report; throws std::runtime_error on a file that is
// not one. Only verified ("ok") results count.
std::vector<Roofline> rooflines_from_report(const nlohmann::json& report);

// A gnuplot script drawing `png_name` (log-log: operations per byte vs operations per second).
std::string roofline_gnuplot(const Roofline& r, const std::string& png_name);

} // namespace clgauge::analysis
