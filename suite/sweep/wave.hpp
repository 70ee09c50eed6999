// The wave size: how many work-items the device runs at once when every compute unit is full.
// OpenCL does not report resident work-items per compute unit, so it is derived from the
// architecture and reported with its basis.
#pragma once
#include "core/device.hpp"

#include <cstddef>
#include <string>

namespace clgauge::sweep {

struct Wave {
    size_t per_cu = 0; // resident work-items per compute unit, whole work-groups
    size_t size = 0;   // per_cu x compute units
    std::string basis;
};

// `local` is the work-group size of the launches (residency counts whole work-groups).
Wave estimate_wave(const DeviceFacts& f, size_t local);

} // namespace clgauge::sweep
