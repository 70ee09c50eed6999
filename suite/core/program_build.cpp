#include "core/program_build.hpp"

#include "base/stderr_capture.hpp"

namespace clgauge {

std::string merge_compiler_output(const std::string& build_log, const std::string& printed) {
    if (printed.empty() || build_log.find(printed) != std::string::npos) return build_log;
    if (build_log.empty() || printed.find(build_log) != std::string::npos) return printed;
    return build_log + (build_log.back() == '\n' ? "" : "\n") + printed;
}

BuildOutcome build_program(cl::Program& program, const cl::Device& device,
                           const std::string& options, bool read_log) {
    BuildOutcome out;
    StderrCapture capture;
    try {
        program.build(std::vector<cl::Device>{device}, options.c_str());
    } catch (const cl::Error& e) {
        out.error = e.err();
    }
    out.printed = capture.finish();
    // The log explains what was printed (Intel's runtime prints only "1 warning generated."
    // and keeps the warning itself in the log); a quiet successful build's log is noise.
    if (!out.ok() || !out.printed.empty() || read_log) try {
            out.build_log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        } catch (const cl::Error&) {
        }
    return out;
}

std::string BuildOutcome::full_log() const {
    return merge_compiler_output(build_log, printed);
}

} // namespace clgauge
