// A launch's size in each mode, as data a harness declares and the measurement driver applies
// (MeasurementDriver::sized), so that no harness decides for itself which mode it is in.
#pragma once
#include <optional>

namespace clgauge {

template <class T> struct ModeSizes {
    T perf;        // the perf launch's: most often from the device's facts
    T conformance; // every item checked: small enough for a CPU model to recompute
    // A conformance launch under RunOptions::small_launch (a simulator's), where it differs.
    std::optional<T> small = std::nullopt;
};

} // namespace clgauge
