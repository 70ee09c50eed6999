// The phases a run's host time is charged to (measure/phase_clock.hpp keeps the clock), as
// plain types a Measurement carries.
#pragma once
#include <array>
#include <cstddef>

namespace clgauge {

// Host work is everything no scope claims: buffers made and filled, results read back, the
// harness's own bookkeeping.
enum class Phase { Build, Calibrate, Measure, Verify, Host };
constexpr size_t kPhaseCount = 5;
const char* phase_name(Phase p);

struct PhaseTimes {
    std::array<double, kPhaseCount> seconds{};
    double& operator[](Phase p) { return seconds[size_t(p)]; }
    double operator[](Phase p) const { return seconds[size_t(p)]; }
    double total() const;
    PhaseTimes& operator+=(const PhaseTimes& o);
};

} // namespace clgauge
