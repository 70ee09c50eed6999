// The sweep definitions, one function per file (the registry in sweeps.cpp joins them).
#pragma once
#include "sweep/sweep.hpp"

namespace clgauge::sweep {
std::vector<Sweep> memory_sweeps(); // stream, stream-strided
std::vector<Sweep> fma_sweeps();    // fma, fma-strided
std::vector<Sweep> cache_sweeps();  // cache (sweep/cache_sweep.cpp)
// The fma-strided sweep's kernel at one stride as a chain-harness benchmark (for its tests).
Benchmark fma_strided_benchmark(uint32_t stride);
} // namespace clgauge::sweep
