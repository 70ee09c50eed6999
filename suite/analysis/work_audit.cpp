#include "analysis/work_audit.hpp"

#include "core/number_text.hpp"
#include "harness/chain.hpp"
#include "harness/group.hpp"
#include "harness/mma.hpp"
#include "harness/subgroup.hpp"

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
    if (const auto* c = std::any_cast<ChainSpec>(&b.spec)) {
        const unsigned steps = chain_unrolled_steps(*c, opts, /*cpu_device=*/false); // a GPU's code
        return LoopClaim{c->kernel, steps * c->ops_per_step,
                         std::to_string(steps) + " steps x " + number_text(c->ops_per_step, "%g") +
                             " each"};
    }
    if (const auto* m = std::any_cast<MmaSpec>(&b.spec)) {
        for (const MmaPath& mp : m->paths) {
            if (mp.path.name != path) continue;
            const MmaShape& s = mp.shape;
            const unsigned pairs = mma_unrolled_pairs(s, opts);
            const double mmas = 2.0 * pairs * s.tiles_per_group;
            return LoopClaim{"mma", mmas * ref::mma::ops_per_mma(s.tile) / s.group_items,
                             number_text(mmas, "%g") + " MMAs of " +
                                 number_text(ref::mma::ops_per_mma(s.tile), "%g") + " a group of " +
                                 std::to_string(s.group_items)};
        }
    }
    if (!why) return std::nullopt;
    if (std::any_cast<SubgroupSpec>(&b.spec))
        *why = "sub-group operations: NVIDIA's compiler emits each shuffle for converged and for "
               "diverged warps, and which runs is decided at run time";
    else if (std::any_cast<GroupSpec>(&b.spec))
        *why = "atomics and barriers: the figure counts contended operations, which ptxas unrolls "
               "with a remainder loop, not a fixed count per trip";
    else
        *why = "the figure is bytes moved or a latency, not an instruction count; the ceiling "
               "bounds it";
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
