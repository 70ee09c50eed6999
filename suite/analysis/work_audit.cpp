#include "analysis/work_audit.hpp"

#include "base/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace clgauge {

const char* audit_verdict_name(AuditVerdict v) {
    switch (v) {
    case AuditVerdict::Pass:
        return "pass";
    case AuditVerdict::Fail:
        return "FAIL";
    case AuditVerdict::NotAudited:
        return "not audited";
    }
    return "?";
}

std::optional<LoopClaim> loop_claim(const Benchmark& b, const std::string& path,
                                    const RunOptions& opts, std::string* why) {
    if (b.loop_claim)
        if (auto claim = b.loop_claim(b, path, opts)) return claim;
    if (why)
        *why = !b.unclaimed.empty() ? b.unclaimed
                                    : "the figure is bytes moved or a latency, not an instruction "
                                      "count; the ceiling bounds it";
    return std::nullopt;
}

WorkAudit not_audited(const Benchmark& b, const std::string& path, std::string why) {
    WorkAudit a;
    a.id = b.id;
    a.path = path;
    a.reason = std::move(why);
    return a;
}

WorkAudit audit_function(const Benchmark& b, const CountedInstruction& counted,
                         const LoopClaim& claim, const SassFunction& function,
                         const std::string& instruction, const std::string& branch) {
    const std::string& re = instruction.empty() ? counted.sass : instruction;
    WorkAudit a;
    a.id = b.id;
    a.path = counted.path;
    a.kernel = claim.kernel;
    a.instruction = re;
    a.what = counted.what;
    a.counted = claim.work;
    // The timed loop: the one holding the most counted instructions, the innermost of equals.
    std::optional<SassLoop> best;
    for (const SassLoop& l : sass_loops(function, branch)) {
        const size_t n = count_instructions(function, re, l.first, l.last);
        if (n == 0) continue;
        if (!best || n > a.in_loop ||
            (n == a.in_loop && l.last - l.first < best->last - best->first)) {
            best = l;
            a.in_loop = n;
        }
    }
    a.executed = double(a.in_loop) * counted.work;
    const bool equal = std::fabs(a.executed - a.counted) <= 1e-9 * std::max(1.0, a.counted);
    a.verdict = equal && a.counted > 0 ? AuditVerdict::Pass : AuditVerdict::Fail;
    const size_t outside = count_instructions(function, re);
    if (a.verdict == AuditVerdict::Pass)
        a.reason = "counted: " + claim.derivation;
    else if (!best)
        a.reason = "no loop of " + claim.kernel + " holds one (" + std::to_string(outside) +
                   " in the kernel): the counted work was hoisted out of the loop or removed; "
                   "counted: " +
                   claim.derivation;
    else
        a.reason = std::to_string(a.in_loop) + " in the timed loop do " +
                   number_text(a.executed, "%g") + " per work-item and trip, the figure counts " +
                   number_text(a.counted, "%g") + " (" + claim.derivation + ")";
    return a;
}

} // namespace clgauge
