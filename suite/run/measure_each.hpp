// The one loop over what a run measures on a device: the table's, --check's, --record's and
// --audit's entries and a sweep's points all go through it, so a hang ends each mode's run on
// that device the same way and each shows the same progress line.
#pragma once
#include "run/progress_line.hpp"
#include "types/measurement.hpp"

#include <functional>
#include <string>
#include <vector>

namespace clgauge {

// The reason a position carries when the device hung before it was launched.
inline constexpr const char* kNotRunAfterHang = "not run: an earlier kernel hung the device";

struct EachMeasured {
    size_t count = 0;
    // The positions in the order they are measured; empty: 0 .. count-1.
    std::vector<size_t> order;
    // What the progress line calls position i, and what the count is of ("round 2/3", a
    // sweep's name; "": nothing).
    std::function<std::string(size_t)> name;
    std::string stage;
    // Measures position i and says what it came to. It may throw BuildPending (a build worker
    // is still compiling a program it asks for): the position is measured again after the
    // others, in order, once each program (the second time, it is waited for).
    std::function<Status(size_t)> measure;
    // Position i is not launched, because the device hung (kNotRunAfterHang).
    std::function<void(size_t)> not_run;
};

// Measures every position once. Once one comes to Status::Timeout the device can no longer be
// trusted: no later position is launched, each is passed to `not_run` instead. Returns whether
// the device hung. `progress` null: no progress line.
bool measure_each(const EachMeasured& loop, ProgressLine* progress);

} // namespace clgauge
