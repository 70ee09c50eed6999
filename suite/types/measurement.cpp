#include "types/measurement.hpp"

namespace clgauge {

const char* status_name(Status s) {
    switch (s) {
    case Status::Ok:
        return "ok";
    case Status::Unsupported:
        return "unsupported";
    case Status::BuildFailed:
        return "build-failed";
    case Status::VerifyFailed:
        return "verify-failed";
    case Status::Error:
        return "error";
    case Status::Timeout:
        return "timeout";
    case Status::Crashed:
        return "crashed";
    }
    return "?";
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
