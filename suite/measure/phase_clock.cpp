#include "measure/phase_clock.hpp"

#include "measure/background_work.hpp"

#include <chrono>
#include <cstdio>

namespace clgauge {
namespace {

using Clock = std::chrono::steady_clock;

struct ThreadPhases {
    Phase current = Phase::Host;
    Clock::time_point since = Clock::now();
    PhaseTimes times, since_start;

    void charge_open_span() {
        const auto now = Clock::now();
        const double span = std::chrono::duration<double>(now - since).count();
        times[current] += span;
        since_start[current] += span;
        since = now;
    }
};

ThreadPhases& phases() {
    thread_local ThreadPhases p;
    return p;
}

} // namespace

PhaseScope::PhaseScope(Phase phase) : outer_(phases().current) {
    if (phase == Phase::Calibrate || phase == Phase::Measure) {
        hold_background_work_for_timing();
        claim_host_for_timing();
    }
    phases().charge_open_span();
    phases().current = phase;
}

PhaseScope::~PhaseScope() {
    phases().charge_open_span();
    phases().current = outer_;
}

Phase current_phase() {
    return phases().current;
}

PhaseTimes take_phase_times() {
    ThreadPhases& p = phases();
    p.charge_open_span();
    PhaseTimes t = p.times;
    p.times = {};
    return t;
}

PhaseTimes phase_times_since_start() {
    phases().charge_open_span();
    return phases().since_start;
}

std::string describe_phase_times(const PhaseTimes& t) {
    std::string out;
    for (size_t i = 0; i < kPhaseCount; ++i) {
        if (t.seconds[i] < 0.005) continue;
        char part[48];
        std::snprintf(part, sizeof part, "%s%s %.2f s", out.empty() ? "" : ", ",
                      phase_name(Phase(i)), t.seconds[i]);
        out += part;
    }
    return out.empty() ? "nothing timed" : out;
}

} // namespace clgauge
