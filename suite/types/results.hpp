// What a run produced for one device: the facts and one measurement per benchmark.
#pragma once
#include "types/benchmark.hpp"

#include <string>
#include <vector>

namespace clgauge {

struct BenchmarkResult {
    const Benchmark* benchmark = nullptr;
    Measurement measurement;
};

struct DeviceReport {
    size_t device_index = 0;
    DeviceFacts facts;
    Capabilities caps;
    CoreEstimate cores;
    std::string mode; // "perf" or "conformance"
    uint32_t seed = 0;
    std::vector<BenchmarkResult> results;
};

} // namespace clgauge
