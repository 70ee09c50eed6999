// Work a run lets go on beside it on the host while it times nothing: build workers compiling
// the programs of the benchmarks still to come, where the device is the host's own cores. Every
// timed launch runs in a calibrate or measure phase (phase_clock.hpp), and entering one holds
// that work still, so that no figure shares the cores with a compiler; the runner lets it go on
// again as each benchmark ends. Whether it is held is the work's own state, asked for, not kept
// here: anything else that lets it go (a wait for one of its builds) is seen at once.
#pragma once
#include <functional>
#include <utility>

namespace clgauge {

struct BackgroundWork {
    std::function<void()> hold, release; // each a no-op where it already is so
    std::function<bool()> going;         // not held, and with work left
};

// Installs the run's background work; an empty one removes it (let go first).
void set_background_work(BackgroundWork work);
// Holds it still (a no-op when none).
void hold_background_work();
// Lets it go on (a no-op when none).
void release_background_work();
// Whether background work goes on now: installed, not held, with work left.
bool background_work_going();

// Installs `work` for its lifetime, however the scope is left (a run that throws leaves no
// hold pointing at workers that are gone).
class BackgroundWorkScope {
  public:
    explicit BackgroundWorkScope(BackgroundWork work) { set_background_work(std::move(work)); }
    ~BackgroundWorkScope() { set_background_work({}); }
    BackgroundWorkScope(const BackgroundWorkScope&) = delete;
    BackgroundWorkScope& operator=(const BackgroundWorkScope&) = delete;
};

} // namespace clgauge
