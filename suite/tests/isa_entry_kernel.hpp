// Which kernels a registry entry's path builds, from which embedded file and with which
// options: the offline ISA checks compile what the device would.
#pragma once
#include "types/benchmark.hpp"

#include <string>
#include <vector>

namespace clgauge::isa {

struct EntryKernel {
    std::string file;                 // relative to kernels/, as kernel_source() takes it
    std::vector<std::string> kernels; // the entry's kernel first
    std::string options;              // the spec's, the harness's defines, the path's
};

// The path named `path` of `b`; throws std::runtime_error naming the entry when it has no
// such path or its harness is one these checks do not know.
EntryKernel entry_kernel(const Benchmark& b, const std::string& path);

} // namespace clgauge::isa
