#include "measure/kernel_build.hpp"

#include "measure/phase_clock.hpp"

namespace clgauge {

cl::Kernel build_kernel(Session& s, const std::string& source, const std::string& kernel_name,
                        const std::string& options, const RunOptions& opts) {
    // The program cache (core/) keeps no clock: the build is charged here.
    PhaseScope building(Phase::Build);
    const cl::Program& program = s.programs.get(source, options, opts.test.mutate_source);
    return cl::Kernel(program, kernel_name.c_str());
}

} // namespace clgauge
