// One function per family file under suite/benchmarks/, each returning its registry entries.
#pragma once
#include "registry/benchmark.hpp"

#include <vector>

namespace clgauge::families {
std::vector<Benchmark> fma();
std::vector<Benchmark> mad();
std::vector<Benchmark> memory();
std::vector<Benchmark> stream();
std::vector<Benchmark> transfer();
std::vector<Benchmark> launch();
std::vector<Benchmark> block();
} // namespace clgauge::families
