// Where a run's wall time goes: each span of host time is charged to one phase, so that a
// slow run can say whether it was building programs, calibrating, measuring or verifying.
#pragma once
#include "types/phase.hpp"

#include <string>

namespace clgauge {

// Charges the time from its construction to its end to `phase`; a scope inside another
// pauses the outer one, so no second is counted twice. Per thread. Entering calibrate or
// measure, where every timed launch runs, holds the run's background work still
// (background_work.hpp).
class PhaseScope {
  public:
    explicit PhaseScope(Phase phase);
    ~PhaseScope();
    PhaseScope(const PhaseScope&) = delete;
    PhaseScope& operator=(const PhaseScope&) = delete;

  private:
    Phase outer_;
};

// The phase this thread's time is charged to now.
Phase current_phase();

// This thread's times since the last call, the open span charged to its phase.
PhaseTimes take_phase_times();

// This thread's times since it started, never reset: a whole run's breakdown.
PhaseTimes phase_times_since_start();

// "build 1.20 s, calibrate 0.40 s, ..." (phases that took no time left out).
std::string describe_phase_times(const PhaseTimes& t);

} // namespace clgauge
