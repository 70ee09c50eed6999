// The sweep definitions, one function per file (the registry in sweeps.cpp joins them).
#pragma once
#include "sweep/sweep.hpp"

namespace clgauge::sweep {
std::vector<Sweep> fma_sweeps(); // fma, fma-strided
} // namespace clgauge::sweep
