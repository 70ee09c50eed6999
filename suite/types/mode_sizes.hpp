// A launch's size in each mode, as data a harness declares and the measurement driver applies
// (MeasurementDriver::sized), so that no harness decides for itself which mode it is in.
#pragma once
#include "types/run_options.hpp"

#include <optional>

namespace clgauge {

template <class T> struct ModeSizes {
    T perf;        // the perf launch's: most often from the device's facts
    T conformance; // every item checked: small enough for a CPU model to recompute
    // A conformance launch under RunOptions::small_launch (a simulator's), where it differs.
    std::optional<T> small = std::nullopt;
};

// The size of `sizes` for a run with `opts`.
template <class T> T size_for(const ModeSizes<T>& sizes, const RunOptions& opts) {
    if (opts.mode == Mode::Perf) return sizes.perf;
    return opts.small_launch && sizes.small ? *sizes.small : sizes.conformance;
}

} // namespace clgauge
