// Building an OpenCL program without letting the driver's compiler write into the results
// table: what it prints to stderr during clBuildProgram is captured and returned with the
// build log, for the caller to keep where a person looks for it.
#pragma once
#include "core/opencl.hpp"

#include <string>

namespace clgauge {

struct BuildOutcome {
    cl_int error = CL_SUCCESS; // CL_SUCCESS when the program built
    std::string build_log;     // CL_PROGRAM_BUILD_LOG, read when it failed, printed or asked
    std::string printed;       // what the compiler wrote to stderr meanwhile
    bool ok() const { return error == CL_SUCCESS; }
    std::string full_log() const; // the build log with the printed text, once
};

// Builds `program` for `device`; never throws for a compile error (see `error`). `read_log`:
// read the build log after a quiet success too (it carries the compiler's resource report).
BuildOutcome build_program(cl::Program& program, const cl::Device& device,
                           const std::string& options, bool read_log = false);

// The build log with the compiler's stderr appended, unless the log already holds it
// (some drivers print the log and also return it).
std::string merge_compiler_output(const std::string& build_log, const std::string& printed);

} // namespace clgauge
