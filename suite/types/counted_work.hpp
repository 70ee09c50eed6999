// What a figure counts, as the device's own instructions. For a path whose work is done by
// one kind of instruction (an NVIDIA path's FFMA, HMMA, IDP.4A, ...), the instruction and how
// much of the figure one of them does: the work audit (analysis/work_audit.hpp) holds the
// count of it in the kernel's timed loop to the work the entry claims, and the ceiling
// (measure/ceiling.hpp) bounds the figure by how many of them the device issues per clock.
#pragma once
#include "core/issue_rates.hpp"

#include <string>
#include <vector>

namespace clgauge {

struct CountedInstruction {
    std::string path; // the entry's path this is the counted instruction of
    std::string sass; // ECMAScript regex over one SASS instruction ("\\bFFMA\\b")
    double work = 1;  // figure units (FLOP, OP, B) one of them does for one work-item
    Pipe pipe = Pipe::None;
    std::string what; // how the work is counted, for the report ("2 FLOP each")
    // The same instruction in AMDGPU assembly where the path runs on AMD GPUs too (audited
    // offline); empty where it does not or is not audited there. A row for a path only AMD
    // runs has no `sass`.
    std::string amdgcn = {};
};

// The row for `path`, or nullptr.
// What an entry's path claims for one trip of its timed loop, per work-item: the work audit
// (analysis/work_audit.hpp) holds the driver's binary to it.
struct LoopClaim {
    std::string kernel;     // the kernel the figure times
    double work = 0;        // figure units (FLOP, OP, B)
    std::string derivation; // "512 steps x 4 FLOP"
};

inline const CountedInstruction* counted_on(const std::vector<CountedInstruction>& rows,
                                            const std::string& path) {
    for (const CountedInstruction& c : rows)
        if (c.path == path) return &c;
    return nullptr;
}

} // namespace clgauge
