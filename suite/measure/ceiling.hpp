// A ceiling on every figure: no rate above its path's peak on the device is "verified". The
// peak is the one the harness held the figure against (the details "peak_Bps" and
// "peak_basis": DRAM, local memory, PCIe), the issue rate of the path's counted instruction
// (core/issue_rates.hpp: DFMA, HFMA2, IMAD, IDP.4A, HMMA, ...) or, for an entry within the
// FP32 FMA peak, clock x FP32 lanes where that is a bound (core/device.hpp). A figure above it
// means the timing is wrong (a clock that does not measure, work counted that was not done): it
// fails, naming the peak and where it comes from. Devices whose peak is not known get no ceiling.
#pragma once
#include "core/device.hpp"
#include "core/memory_peak.hpp"
#include "types/benchmark.hpp"

#include <functional>
#include <optional>
#include <string>

namespace clgauge {

struct Ceiling {
    double rate = 0;   // in the entry's unit
    std::string basis; // where the figure comes from
};

// Timer and clock rounding: a figure this far above the peak is still within it. Figures at
// 99.7% of their peak (local memory, DP4A) read more than 1% above it on a device whose
// profiling clock runs short, and a counting error is a factor, not a percent.
constexpr double kCeilingMargin = 1.02;

// The peak of `path`'s counted instruction (types/counted_work.hpp) on an NVIDIA device whose
// architecture has a published rate for it: rate x work per instruction x SMs x clock.
std::optional<Ceiling> issue_ceiling(const Benchmark& b, const std::string& path,
                                     const DeviceFacts& f);

// The lowest of the ceilings that apply: the harness's peak_Bps, the path's issue peak, the
// FP32 FMA peak.
std::optional<Ceiling> path_ceiling(const Benchmark& b, const Measurement& m, const DeviceFacts& f,
                                    const CoreEstimate& cores);

// Fails `m` (VerifyFailed) when its rate is above path_ceiling's, by more than the margin;
// true when it did.
bool hold_to_ceiling(const Benchmark& b, const DeviceFacts& f, const CoreEstimate& cores,
                     Measurement& m);

// `measure`'s figure held to its ceiling, and measured once more where it broke it: a profiling
// clock's passing fault (a median of launches read a few percent above a physical peak on
// one machine and not the next time) is not the device's figure, while work counted that was
// not done breaks the ceiling again and fails. The figure kept says the first in its detail
// "remeasured".
Measurement measure_within_ceiling(const Benchmark& b, const DeviceFacts& f,
                                   const CoreEstimate& cores,
                                   const std::function<Measurement()>& measure);

// The details "peak_Bps", "peak_basis" and "share" (of the peak, in %) of a rate in B/s.
void add_share_of_peak(const MemoryPeak& peak, double bytes_per_second, Measurement& m);

} // namespace clgauge
