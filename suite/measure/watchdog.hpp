// A watchdog that does not need the driver's help. wait_for checks its deadline between
// status queries, but a driver may block inside one query (or inside clFinish) for as long as
// the kernel runs, and a kernel that never ends would then hang clgauge with it. While a
// WatchdogScope lives, a thread of clgauge's own waits out the deadline and, if the scope is
// still open then, runs the watchdog's action, which ends the process: nothing can unblock
// the driver's call, so the run's remainder goes to a fresh process (process/crash_journal.hpp).
#pragma once
#include <functional>
#include <string>

namespace clgauge {

// What the driver's call is given beyond --timeout before the watchdog fires: a driver that
// returns runs into wait_for's own deadline first, and that ends only the benchmark.
constexpr double kWatchdogGraceSeconds = 2.0;
// The exit status of a run that ended because a kernel hung (cli/options.cpp's table).
constexpr int kHungExit = 4;

// Runs on the watchdog's thread with what was blocking and the deadline it outlived, in
// seconds; it must end the process. The default prints both and exits with kHungExit.
using WatchdogAction = std::function<void(const std::string& what, double seconds)>;
void set_watchdog_action(WatchdogAction action); // an empty action restores the default

// Arms the watchdog for `seconds` (+ kWatchdogGraceSeconds) while it lives, on one thread.
// Scopes nest; the innermost one's deadline applies until it ends.
class WatchdogScope {
  public:
    WatchdogScope(double seconds, std::string what);
    WatchdogScope(const WatchdogScope&) = delete;
    WatchdogScope& operator=(const WatchdogScope&) = delete;
    ~WatchdogScope();
};

} // namespace clgauge
