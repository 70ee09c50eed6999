// The work audit: does the kernel's timed loop hold the work the entry counts? For an entry
// path with a counted instruction (types/counted_work.hpp), the instructions of that kind in
// the loop the chain repeats (the loop holding the most of them), times the work each does,
// must equal the work per work-item and trip the figure is computed from (the harness spec's
// steps x operations per step; an MMA's tiles x MMAs x operations / warp). A compiler that
// hoists a loop-invariant chain out of the loop, drops a result nothing stores or splits an
// FMA into a multiply and an add leaves fewer of them: the figure would count work the device
// did not do.
#pragma once
#include "analysis/sass_listing.hpp"
#include "types/benchmark.hpp"

#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// The claim of `path` of `b` in a run with `opts`; nullopt, with `why`, for an entry whose
// harness times no loop of counted work.
std::optional<LoopClaim> loop_claim(const Benchmark& b, const std::string& path,
                                    const RunOptions& opts, std::string* why);

enum class AuditVerdict { Pass, Fail, NotAudited };
const char* audit_verdict_name(AuditVerdict v); // "pass", "FAIL", "not audited"

struct WorkAudit {
    std::string id, path, kernel;
    std::string instruction; // the counted instruction's regex
    std::string what;        // how one counts
    AuditVerdict verdict = AuditVerdict::NotAudited;
    size_t in_loop = 0;  // counted instructions in the timed loop
    double executed = 0; // the work they do, per work-item and trip
    double counted = 0;  // the work the figure counts, per work-item and trip
    std::string reason;  // why it failed or was not audited; how the claim was derived
    double ratio() const { return counted > 0 ? executed / counted : 0; }
};

// Holds `function` (the SASS of the claim's kernel) to the claim, counting `instruction` (the
// counted row's SASS unless given: its AMDGPU one, with kAmdgcnBranch).
WorkAudit audit_function(const Benchmark& b, const CountedInstruction& counted,
                         const LoopClaim& claim, const SassFunction& function,
                         const std::string& instruction = "",
                         const std::string& branch = kSassBranch);

// A WorkAudit that judged nothing, saying why.
WorkAudit not_audited(const Benchmark& b, const std::string& path, std::string why);

} // namespace clgauge
