// What a run, a device's part of it or one benchmark came to. When several apply the worst
// decides, in this order (a hang, a wrong result, a regression, a known failure that now
// passes, a usage problem); the program maps each to its exit status.
#pragma once

namespace clgauge {

enum class Outcome {
    Ok,         // all verified (and no regression)
    Usage,      // a usage, device or file problem (an unusable or missing baseline)
    Fixed,      // a listed known failure passed (FIXED)
    Regression, // a perf regression, a lost capability or a new spill
    Failed,     // a wrong result, build failure, error or crash
    Hung,       // a kernel did not finish in time
};

inline Outcome worse(Outcome a, Outcome b) {
    return int(a) >= int(b) ? a : b;
}

} // namespace clgauge
