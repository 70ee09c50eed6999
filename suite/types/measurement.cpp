#include "types/measurement.hpp"

#include <iterator>

namespace clgauge {

const char* status_name(Status s) {
    static constexpr const char* kNames[] = {
        "ok", "unsupported", "build-failed", "verify-failed", "error", "timeout", "crashed"};
    static_assert(std::size(kNames) == size_t(Status::Crashed) + 1, "a name for every status");
    return kNames[size_t(s)];
}

std::optional<Status> status_from_name(std::string_view name) {
    for (size_t i = 0; i <= size_t(Status::Crashed); ++i)
        if (name == status_name(Status(i))) return Status(i);
    return std::nullopt;
}

double Measurement::rate() const {
    const double t = timings.device.median;
    if (status != Status::Ok || t <= 0) return 0.0;
    return time_is_figure ? t : work_per_launch / t;
}

bool is_failure(Status s) {
    return s == Status::VerifyFailed || s == Status::BuildFailed || s == Status::Error ||
           s == Status::Timeout || s == Status::Crashed;
}

} // namespace clgauge
