// NVIDIA's own assembler and disassembler over a PTX text: what the driver's program binary
// (PTX on NVIDIA's OpenCL) becomes on the GPU. ptxas and nvdisasm come from
// CLGAUGE_PTXAS / CLGAUGE_NVDISASM, else the CUDA toolkit (/usr/local/cuda/bin), else
// scripts/setup-cuda-isa's folder, else PATH.
#pragma once
#include "analysis/sass_listing.hpp"

#include <map>
#include <string>

namespace clgauge {

struct NvidiaAssembler {
    std::string ptxas, nvdisasm;
    std::string missing; // why it cannot run here; empty when both tools are found
};
NvidiaAssembler find_nvidia_assembler();

struct AssembledPtx {
    bool ok = false;
    std::string arch; // the sm_ it was assembled for
    std::string log;  // what a failing tool said
    std::map<std::string, SassFunction> functions;
};

// Assembles `ptx` for `arch` ("sm_90"), or for its own .target where `arch` is empty, and
// disassembles the result.
AssembledPtx assemble_ptx(const NvidiaAssembler& tools, const std::string& ptx,
                          const std::string& arch = "");

} // namespace clgauge
