// A benchmark is data: an id, what it needs, how to build it, and a harness that runs it.
#pragma once
#include "core/session.hpp"
#include "types/measurement.hpp"
#include "types/need.hpp"
#include "types/run_options.hpp"

#include <functional>
#include <string>
#include <vector>

namespace clgauge {

enum class Unit { FlopPerSecond, OpPerSecond, BytePerSecond, Seconds };
const char* unit_name(Unit u); // "FLOP/s", "OP/s", "B/s", "s"

struct Benchmark {
    std::string id;     // "fp32.fma"
    std::string family; // "fma"
    std::string label;  // console row, e.g. "FP32  compute"
    Unit unit = Unit::FlopPerSecond;
    std::vector<Path> paths; // best first
    std::string description;
    std::function<Measurement(Session&, const Benchmark&, const Path&, const RunOptions&)> run;
};

} // namespace clgauge
