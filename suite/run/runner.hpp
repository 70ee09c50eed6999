// Runs one registry entry on one device and turns every failure into a Measurement,
// so one failing benchmark never stops the others.
#pragma once
#include "types/benchmark.hpp"

#include <optional>
#include <string>

namespace clgauge {

// The first path whose needs the device meets; otherwise the reason naming each path's gap.
struct PathChoice {
    const ImplPath* path = nullptr;
    std::string unsupported_reason;
};
PathChoice choose_path(const Benchmark& b, const Capabilities& caps,
                       const std::optional<std::string>& forced = std::nullopt);

// On the path choose_path picks (RunOptions::forced_path where set).
Measurement run_benchmark(Session& session, const Benchmark& b, const RunOptions& options);

} // namespace clgauge
