#include "types/phase.hpp"

namespace clgauge {

const char* phase_name(Phase p) {
    switch (p) {
    case Phase::Build:
        return "build";
    case Phase::Calibrate:
        return "calibrate";
    case Phase::Measure:
        return "measure";
    case Phase::Verify:
        return "verify";
    case Phase::Host:
        return "host";
    }
    return "?";
}

double PhaseTimes::total() const {
    double sum = 0;
    for (double s : seconds)
        sum += s;
    return sum;
}

PhaseTimes& PhaseTimes::operator+=(const PhaseTimes& o) {
    for (size_t i = 0; i < kPhaseCount; ++i)
        seconds[i] += o.seconds[i];
    return *this;
}

} // namespace clgauge
