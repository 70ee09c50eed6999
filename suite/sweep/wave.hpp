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
    // Work-items that saturate a compute unit's FP32 pipes with one dependent FMA chain each
    // (schedulers x FMA latency x SIMD width), in whole work-groups. A throughput-bound chain
    // shows its partial-wave sawtooth at this granularity: beyond it, co-resident work-groups
    // only share the pipes, so a unit's time follows its share of these groups.
    size_t saturating_per_cu = 0;
    size_t saturating_size = 0;
    std::string saturating_basis;
};

// `local` is the work-group size of the launches (residency counts whole work-groups).
Wave estimate_wave(const DeviceFacts& f, size_t local);

} // namespace clgauge::sweep
