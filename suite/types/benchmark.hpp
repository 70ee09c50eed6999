// A benchmark is data: an id, what it needs, how to build it, and a harness that runs it.
#pragma once
#include "core/session.hpp"
#include "types/counted_work.hpp"
#include "types/measurement.hpp"
#include "types/need.hpp"
#include "types/run_options.hpp"

#include <any>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

enum class Unit { FlopPerSecond, OpPerSecond, BytePerSecond, Seconds };
const char* unit_name(Unit u);                               // "FLOP/s", "OP/s", "B/s", "s"
std::optional<Unit> unit_from_name(const std::string& name); // none for any other text

// What every registry entry states, whichever harness runs it. Each harness's Spec begins
// with one (`EntryHeader entry;`) and adds what its kernels need.
struct EntryHeader {
    std::string id;     // "fp32.fma"
    std::string family; // "fma": kernels/fma.cl, reference/fma.hpp, suite/benchmarks/fma.cpp
    std::string label;  // console row, e.g. "FP32  compute"
    std::string description;
    Unit unit = Unit::FlopPerSecond;
    std::vector<ImplPath> paths; // best first
    // The figure passes through the host (its clock, its copies): the build workers compiling
    // beside a run are held still while it runs (measure/background_work.hpp: HostTimingScope),
    // one device's process at a time measures it on a host of several (the perf label), and it
    // is timed from the CPUs nearest the device (core/near_device.hpp).
    bool host_timed = false;
    // No path of this entry can go faster than the device's FP32 FMA peak (clock x FP32
    // lanes): measure/ceiling.hpp fails a figure above it where that peak is a bound.
    bool within_fp32_peak = false;
    // Per NVIDIA path, the instruction the figure's work is done by (types/counted_work.hpp):
    // the work audit counts it, and its issue rate is the path's ceiling.
    std::vector<CountedInstruction> counted;
};

struct Benchmark : EntryHeader {
    std::function<Measurement(Session&, const Benchmark&, const ImplPath&, const RunOptions&)> run;
    // The harness spec the entry was made from (harness/adapter.hpp), for tools that run a
    // variant of an entry (the sweeps).
    std::any spec;
    // What one trip of the timed loop of `path` does per work-item in a run with those options,
    // as the harness counts it; unset, or nullopt for a path: no loop of counted work, and
    // `unclaimed` says why (empty: the figure is bytes moved or a latency).
    std::function<std::optional<LoopClaim>(const Benchmark& self, const std::string& path,
                                           const RunOptions&)>
        loop_claim;
    std::string unclaimed;
};

} // namespace clgauge
