#include "types/need.hpp"

namespace clgauge {

const char* need_name(Need n) {
    switch (n) {
    case Need::Fp64:
        return "fp64";
    case Need::Fp16:
        return "fp16";
    case Need::InlinePtx:
        return "inline PTX";
    case Need::NvSm61:
        return "NVIDIA sm_61+";
    case Need::NvSm80:
        return "NVIDIA sm_80+";
    case Need::NvSm89:
        return "NVIDIA sm_89+";
    case Need::KhrSubgroups:
        return "khr sub-groups";
    case Need::IntelSubgroups:
        return "intel sub-groups";
    case Need::IntelBlockIO:
        return "intel sub-group block I/O";
    case Need::IntDot4x8:
        return "integer dot product 4x8";
    case Need::OpenCLC20:
        return "OpenCL C 2.0";
    case Need::OpenCLC30:
        return "OpenCL C 3.0";
    case Need::IntelDpas:
        return "Intel DPAS";
    }
    return "?";
}

std::optional<std::string> unmet(Need n, const Capabilities& c) {
    switch (n) {
    case Need::Fp64:
        if (!c.fp64) return "no cl_khr_fp64";
        break;
    case Need::Fp16:
        if (!c.fp16) return "no cl_khr_fp16";
        break;
    case Need::InlinePtx:
        if (!c.inline_ptx) return "no inline PTX (not an NVIDIA device)";
        break;
    case Need::NvSm61:
        if (!c.inline_ptx || c.nv_cc < 61) return "needs NVIDIA sm_61 or newer";
        break;
    case Need::NvSm80:
        if (!c.inline_ptx || c.nv_cc < 80) return "needs NVIDIA sm_80 or newer";
        break;
    case Need::NvSm89:
        if (!c.inline_ptx || c.nv_cc < 89) return "needs NVIDIA sm_89 or newer";
        break;
    case Need::KhrSubgroups:
        if (!c.khr_subgroups) return "no cl_khr_subgroups";
        break;
    case Need::IntelSubgroups:
        if (!c.intel_subgroups) return "no cl_intel_subgroups";
        break;
    case Need::IntelBlockIO:
        if (!c.intel_block_io)
            return "no intel_sub_group_block_read/write (reported cl_intel_subgroups lacks them)";
        break;
    case Need::IntDot4x8:
        if (!c.int_dot_4x8) return "no cl_khr_integer_dot_product (4x8-bit)";
        break;
    case Need::OpenCLC20:
        if (c.opencl_c_major < 2) return "OpenCL C 2.0 not accepted";
        break;
    case Need::OpenCLC30:
        if (c.opencl_c_major < 3) return "OpenCL C 3.0 not accepted";
        break;
    case Need::IntelDpas:
        if (!c.intel_dpas)
            return "no cl_intel_subgroup_matrix_multiply_accumulate on sub-groups of 16";
        break;
    }
    return std::nullopt;
}

} // namespace clgauge
