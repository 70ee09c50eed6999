// What running one benchmark produced: a status, timings, the work done and its verification.
#pragma once
#include "core/code_identity.hpp"
#include "types/phase.hpp"
#include "types/timings.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clgauge {

// Crashed: the process died (a signal) inside the benchmark, and clgauge resumed after it.
enum class Status { Ok, Unsupported, BuildFailed, VerifyFailed, Error, Timeout, Crashed };
const char* status_name(Status s);
// The status a name of status_name stands for; none for any other text.
std::optional<Status> status_from_name(std::string_view name);
// True for statuses that mean the device computed something wrong or broke.
bool is_failure(Status s);

struct Verification {
    size_t checked = 0, mismatches = 0;
    std::string first_mismatch; // "item 17 word 1: got 0x.. (..) expected 0x.. (..)"
    std::string degenerate;     // non-empty when the expected values prove nothing
    bool passed() const { return checked > 0 && mismatches == 0 && degenerate.empty(); }
};

struct Measurement {
    Status status = Status::Error;
    std::string reason; // unsupported / failure explanation
    // BuildFailed: the build log; otherwise what the compiler printed while building this
    // benchmark's kernels (warnings), kept here instead of between the table's rows.
    std::string build_log;
    std::string path;  // the path that ran
    CodeIdentity code; // what its kernels were built into (unknown when nothing was built)
    Timings timings;
    double work_per_launch = 0; // operations or bytes per timed launch
    size_t global_size = 0, local_size = 0;
    Verification verification;
    std::vector<std::pair<std::string, std::string>> details; // harness-specific facts
    // A rate of the host's own, measured beside the samples (the host's memcpy), for a figure
    // that follows the host (a pageable copy is a host copy into the driver's staging memory):
    // the gate also holds the figure's ratio to it, since a slower host moves both and a slower
    // driver only the figure. 0: none.
    double reference_rate = 0;
    std::string reference_what; // "the host's memcpy, one thread, 64 MiB"
    // Unit::Seconds entries (latencies): the figure is the median time itself.
    bool time_is_figure = false;
    // The host time this benchmark took, by phase (build, calibrate, measure, verify, host).
    PhaseTimes phases;
    // The figure in the benchmark's unit: work per second from the median device time, or
    // that time itself when time_is_figure (0 when none).
    double rate() const;
};

} // namespace clgauge
