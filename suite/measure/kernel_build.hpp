// A registry entry's kernel, built for this run through the session's program cache.
#pragma once
#include "core/session.hpp"
#include "types/run_options.hpp"

#include <string>

namespace clgauge {

// Builds `kernel_name` of `source` with `options`, the test-only source mutation applied; the
// build (or the wait for a build worker's) is charged to the build phase.
cl::Kernel build_kernel(Session& s, const std::string& source, const std::string& kernel_name,
                        const std::string& options, const RunOptions& opts);

} // namespace clgauge
