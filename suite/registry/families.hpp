// One function per family file under suite/benchmarks/, each returning its registry entries.
#pragma once
#include "types/benchmark.hpp"

#include <vector>

namespace clgauge::families {
std::vector<Benchmark> fma();
std::vector<Benchmark> mad();
std::vector<Benchmark> dp4a(); // dp4a, sum, mod, tnn: the integer families (issue 4)
std::vector<Benchmark> sum();
std::vector<Benchmark> mod();
std::vector<Benchmark> tnn();
std::vector<Benchmark> subgroup();
std::vector<Benchmark> mma();
std::vector<Benchmark> memory();
std::vector<Benchmark> stream();
std::vector<Benchmark> transfer();
std::vector<Benchmark> launch();
std::vector<Benchmark> block();
} // namespace clgauge::families
