// OpenCL C sources embedded at build time (kernels/ and kernels/include/).
#pragma once
#include <map>
#include <string>

namespace clgauge {
// name relative to kernels/ (e.g. "fma.cl", "include/clgauge_inputs.h") -> text
const std::map<std::string, std::string>& embedded_kernel_files();

// The text of a kernel file with every `#include "x"` replaced by the embedded file
// include/x, so the device compiler needs no include path. Throws on unknown names.
std::string kernel_source(const std::string& name);
} // namespace clgauge
