// "Did the code change?": the code a measurement ran (core/code_identity.hpp) against the code
// its baseline recordings ran, and the compiler's resources of each kernel against theirs.
#pragma once
#include "baseline/schema.hpp"

#include <string>

namespace clgauge {

enum class CodeMatch {
    Unknown, // the baseline (or the measurement) has no fingerprint: nothing to say
    Same,    // the measured fingerprint is one the baseline's recordings measured
    Changed, // it is none of them
};

struct CodeJudgement {
    CodeMatch match = CodeMatch::Unknown;
    // "same code", "code changed (fingerprint A -> B)", "code unknown (why)"
    std::string text;
    // Information beside the verdict: register counts that moved, recordings that disagree.
    std::string notes;
    // A kernel that spilled nothing in the baseline and spills now: a verdict of its own.
    long new_spill_bytes = 0;
    std::string spill_text; // "now spills 2124 bytes (k: 916 stores, 1208 loads)"
};

// The code `now` against the code `was` (either may be unknown).
CodeJudgement judge_code(const CodeIdentity& was, const CodeIdentity& now);

// `base` may be null (not in the baseline). Among several recordings, those of the measured
// fingerprint are the reference for resources; otherwise the newest recording with code.
CodeJudgement judge_code(const MetricBaseline* base, const CodeIdentity& measured);

// A fingerprint as printed in verdicts: its first 12 hex digits.
std::string short_fingerprint(const std::string& fingerprint);

} // namespace clgauge
