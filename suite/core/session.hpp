// Everything one device needs during a run: its context, queue, capabilities and programs.
#pragma once
#include "core/capabilities.hpp"
#include "core/device.hpp"
#include "core/program_cache.hpp"

namespace clgauge {

struct Session {
    DeviceEntry entry;
    cl::Context context;
    cl::CommandQueue queue; // in-order, profiling enabled
    Capabilities caps;
    ProgramCache programs;
    CoreEstimate cores;

    explicit Session(const DeviceEntry& e);
    const DeviceFacts& facts() const { return entry.facts; }
};

} // namespace clgauge
