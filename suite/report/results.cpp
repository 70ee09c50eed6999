#include "report/results.hpp"

namespace clgauge {
bool is_failure(Status s) {
    return s == Status::VerifyFailed || s == Status::BuildFailed || s == Status::Error ||
           s == Status::Timeout || s == Status::Crashed;
}
} // namespace clgauge
