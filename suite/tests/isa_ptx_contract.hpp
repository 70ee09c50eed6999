// What a kernel's SASS must hold for its NVIDIA path to be what it claims: each PTX instruction
// the path exists for became the SASS instruction it stands for, one for one at least, and
// (where the path promises it) nothing lives in local memory.
#pragma once
#include "isa_nvptx.hpp"

#include "types/benchmark.hpp"

#include <string>
#include <vector>

namespace clgauge::isa {

struct SassExpect {
    const char* sass;      // regex over one SASS instruction line, e.g. R"(\bIDP\.4A\.S8\.S8\b)"
    const char* ptx;       // regex over the kernel's PTX: each match needs `per_ptx` SASS matches
    unsigned at_least = 1; // and never fewer than this many
    unsigned per_ptx = 1;  // SASS instructions one PTX instruction stands for
};

struct PtxContract {
    const char* entry; // registry id
    const char* path;  // path name
    const char* arch;  // ptxas -arch
    std::vector<SassExpect> expect;
    std::vector<const char*> absent; // regexes no SASS line may match
    bool no_local_memory = true;     // 0-byte stack frame, no spills, no LDL/STL
    const char* why = "";            // what the contract stands for, printed with a failure
};

// Every way `build` (of `contract`'s first kernel, `kernel`) breaks the contract, one message
// each; empty when it holds.
std::vector<std::string> contract_violations(const PtxContract& contract, const PtxBuild& build,
                                             const std::string& kernel);

// Every NVIDIA path's contract (isa_ptx_contract_table.cpp), and one of them; the latter
// throws std::runtime_error naming what has none.
const std::vector<PtxContract>& ptx_contracts();
const PtxContract& ptx_contract(const std::string& entry, const std::string& path,
                                const std::string& arch);

// "id [path]" of each path of `entries` for NVIDIA (inline PTX, or an sm_ need) that has no
// contract: such a path would go unchecked.
std::vector<std::string> paths_without_contract(const std::vector<Benchmark>& entries);

// How many lines of `text` match `re`.
size_t count_lines(const std::string& text, const std::string& re);

} // namespace clgauge::isa
