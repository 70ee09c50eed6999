// The one place that configures the OpenCL C++ bindings for the whole project.
#pragma once
#define CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_MINIMUM_OPENCL_VERSION                                                              \
    110 // 120 trips a CLHPP 2023.02 bug (getContextPlatformVersion)
#define CL_HPP_TARGET_OPENCL_VERSION 300
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <CL/opencl.hpp>
#pragma GCC diagnostic pop
#include <CL/cl_ext.h>

namespace clgauge {
// Readable name of an OpenCL status code (CL_OUT_OF_RESOURCES, ...).
const char* cl_error_name(cl_int code);
} // namespace clgauge
