// The offline NVIDIA toolchain of the isa label: clang-15 compiles OpenCL C to PTX (target
// nvptx64, libclc's built-ins linked in), NVIDIA's ptxas assembles it for an sm_ architecture
// and nvdisasm prints the SASS. No GPU and no driver: the tools come from Debian (clang-15,
// libclc-15) and PyPI (nvidia-cuda-nvcc, nvidia-cuda-nvdisasm), installed by
// scripts/setup-cuda-isa.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <string>

namespace clgauge::isa {

struct NvTools {
    std::string clang, libclc, ptxas, nvdisasm;
    std::string missing; // why the checks cannot run here; empty when every tool is found
};

// CLGAUGE_REQUIRE_ISA_TOOLS=1 (set by .ci/run, whose setup installs the tools): a missing tool
// fails the ISA checks instead of skipping them, so that they cannot drop out of CI unseen.
bool isa_tools_required();

// In a test or its SetUp: skips it, with why, when `missing` says a tool is absent, or fails it
// where the tools are required.
#define CLGAUGE_ISA_NEEDS_TOOLS(missing)                                                           \
    do {                                                                                           \
        if (const std::string why_ = (missing); !why_.empty()) {                                   \
            if (::clgauge::isa::isa_tools_required())                                              \
                FAIL() << why_ << " (CLGAUGE_REQUIRE_ISA_TOOLS is set)";                           \
            GTEST_SKIP() << why_;                                                                  \
        }                                                                                          \
    } while (0)

// The first executable `name` on PATH, or "".
std::string find_on_path(const std::string& name);

// The front end both vendors' offline checks share: clang-15 (CLGAUGE_ISA_CLANG) and libclc's
// `bitcode` file (CLGAUGE_LIBCLC_DIR, else Debian's folder); `missing` says which is absent.
struct ClangTools {
    std::string clang, libclc, missing;
};
ClangTools find_clang_and_libclc(const std::string& bitcode);

// Each tool from its variable (CLGAUGE_ISA_CLANG, CLGAUGE_LIBCLC_DIR, CLGAUGE_PTXAS,
// CLGAUGE_NVDISASM), else where scripts/setup-cuda-isa puts it, else PATH.
NvTools find_nv_tools();

// What one kernel became in SASS, and what ptxas -v said of its frame (read by the parser the
// NVIDIA build logs go through, core/kernel_resources.hpp; -1: ptxas said nothing of it).
struct SassKernel {
    std::string code; // the instructions, one a line ("@!P0 BRA `(.L_x_1)")
    long stack_bytes = -1, spill_store_bytes = -1, spill_load_bytes = -1;
};

struct PtxBuild {
    bool compiled = false;  // clang made PTX
    bool assembled = false; // ptxas made a cubin (and nvdisasm read it)
    std::string log;        // what the failing or last tool said
    std::string ptx;
    std::string sass;                          // nvdisasm -c, whole (labels included)
    std::map<std::string, SassKernel> kernels; // entry function name -> its SASS
};

// Compiles `source` (an OpenCL C text, includes already expanded) with the OpenCL build
// options `options` to PTX, declares the PTX for `arch` ("sm_90": clang-15 knows nothing
// newer than sm_86, and the driver targets the device itself), assembles and disassembles it.
PtxBuild build_for_sm(const NvTools& tools, const std::string& source, const std::string& options,
                      const std::string& arch);

// The PTX with its .version and .target lines replaced: the ISA version ptxas accepts every
// clgauge instruction in, and `arch`.
std::string retarget_ptx(const std::string& ptx, const std::string& arch);

// The PTX of entry function `kernel` (every helper is inlined into it), or "".
std::string ptx_entry(const std::string& ptx, const std::string& kernel);

} // namespace clgauge::isa
