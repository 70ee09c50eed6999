// The list of every benchmark. Each family file contributes its entries here.
#pragma once
#include "types/benchmark.hpp"

#include <string>
#include <vector>

namespace clgauge {

const std::vector<Benchmark>& registry();
const Benchmark* find_benchmark(const std::string& id);

// Shell-style glob (*, ?) over ids; a comma separates alternatives: "fp*.fma,int32.*".
bool glob_match(const std::string& pattern, const std::string& text);
std::vector<const Benchmark*> select_benchmarks(const std::string& pattern);

} // namespace clgauge
