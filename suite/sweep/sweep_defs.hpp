// The sweep definitions, one function per file (the registry in sweeps.cpp joins them).
#pragma once
#include "sweep/sweep.hpp"

namespace clgauge::sweep {
std::vector<Sweep> memory_sweeps();      // stream, stream-strided
std::vector<Sweep> fma_sweeps();         // fma, fma-strided
std::vector<Sweep> cache_sweeps();       // cache (sweep/cache_sweep.cpp)
std::vector<Sweep> chase_sweeps();       // chase (sweep/chase_sweep.cpp)
std::vector<Sweep> local_banks_sweeps(); // local-banks (sweep/local_banks_sweep.cpp)
// The fma-strided sweep's kernel at one stride as a chain-harness benchmark (for its tests).
Benchmark fma_strided_benchmark(uint32_t stride);
// local.read.f32's kernel with lane l of each 32 work-items at word l x stride.
Benchmark local_banks_benchmark(uint32_t stride);
} // namespace clgauge::sweep
