#include "baseline/code_check.hpp"

#include <algorithm>
#include <set>

namespace clgauge {

std::string short_fingerprint(const std::string& fingerprint) {
    return fingerprint.substr(0, 12);
}

namespace {

const Recording* newest_with_code(const MetricBaseline& base, const std::string& fingerprint) {
    const Recording* best = nullptr;
    for (const auto& r : base.recordings)
        if (r.code.known() && (fingerprint.empty() || r.code.fingerprint == fingerprint) &&
            (!best || r.date >= best->date))
            best = &r;
    return best;
}

const KernelResources* kernel_named(const CodeIdentity& code, const std::string& name) {
    for (const auto& k : code.kernels)
        if (k.kernel == name) return &k;
    return nullptr;
}

void add(std::string& notes, const std::string& more) {
    notes += (notes.empty() ? "" : "; ") + more;
}

// Spills that appeared and registers that moved, kernel by kernel.
void compare_resources(CodeJudgement& j, const CodeIdentity& was, const CodeIdentity& now) {
    std::string spilling;
    for (const auto& k : now.kernels) {
        const KernelResources* old = kernel_named(was, k.kernel);
        if (!old) continue;
        if (old->registers >= 0 && k.registers >= 0 && old->registers != k.registers)
            add(j.notes, k.kernel + " registers " + std::to_string(old->registers) + " -> " +
                             std::to_string(k.registers));
        const bool spilled_none = old->spill_store_bytes == 0 && old->spill_load_bytes == 0;
        if (spilled_none && k.spill_bytes() > 0) {
            j.new_spill_bytes += k.spill_bytes();
            add(spilling, k.kernel + ": " + std::to_string(std::max(0L, k.spill_store_bytes)) +
                              " stores, " + std::to_string(std::max(0L, k.spill_load_bytes)) +
                              " loads");
        }
    }
    if (j.new_spill_bytes > 0)
        j.spill_text = "now spills " + std::to_string(j.new_spill_bytes) +
                       " bytes where the baseline spilled none (" + spilling + ")";
}

} // namespace

CodeJudgement judge_code(const CodeIdentity& was, const CodeIdentity& now) {
    CodeJudgement j;
    if (!now.known() || !was.known()) {
        j.text = !now.known() ? "code unknown (no fingerprint measured)"
                              : "code unknown (no fingerprint to compare with)";
        return j;
    }
    if (was.fingerprint == now.fingerprint) {
        j.match = CodeMatch::Same;
        j.text = "same code";
    } else {
        j.match = CodeMatch::Changed;
        j.text = "code changed (fingerprint " + short_fingerprint(was.fingerprint) + " -> " +
                 short_fingerprint(now.fingerprint) + ")";
        if (was.build_options != now.build_options)
            add(j.notes,
                "build options '" + was.build_options + "' -> '" + now.build_options + "'");
    }
    compare_resources(j, was, now);
    return j;
}

CodeJudgement judge_code(const MetricBaseline* base, const CodeIdentity& measured) {
    std::set<std::string> recorded;
    if (base)
        for (const auto& r : base->recordings)
            if (r.code.known()) recorded.insert(r.code.fingerprint);
    if (!measured.known() || recorded.empty()) {
        CodeJudgement j;
        j.text = !measured.known() ? "code unknown (no fingerprint measured)"
                 : base            ? "code unknown (the baseline has no fingerprint)"
                                   : "code unknown (not in the baseline)";
        return j;
    }
    const Recording* same = newest_with_code(*base, measured.fingerprint);
    CodeJudgement j = judge_code((same ? same : newest_with_code(*base, ""))->code, measured);
    if (recorded.size() > 1) {
        std::string prints;
        for (const auto& f : recorded)
            prints += (prints.empty() ? "" : ", ") + short_fingerprint(f);
        add(j.notes, "the baseline's recordings disagree on the code (" + prints + ")");
    }
    return j;
}

} // namespace clgauge
