// Work a run lets go on beside it on the host while it measures: build workers compiling the
// programs of the benchmarks still to come. Every timed launch runs in a calibrate or measure
// phase (phase_clock.hpp), and entering one holds that work still wherever it would share what
// the figure runs on: on a CPU device (the host's own cores) any figure, on a GPU only a figure
// the host's clock times (a transfer, a launch's latency: HostTimingScope), since a compiler
// on other cores leaves a kernel's device-timed figure alone. The runner lets it go on again as
// each benchmark ends. Whether it is held is the work's own state, asked for, not kept here:
// anything else that lets it go (a wait for one of its builds) is seen at once.
#pragma once
#include <functional>
#include <utility>

namespace clgauge {

struct BackgroundWork {
    std::function<void()> hold, release; // each a no-op where it already is so
    std::function<bool()> going;         // not held, and with work left
    // It runs on the device the figures are timed on (a CPU device): held for every timing,
    // not only the host's.
    bool shares_device = true;
};

// Installs the run's background work; an empty one removes it (let go first).
void set_background_work(BackgroundWork work);
// Holds it still where a figure timed now would share with it: always where it shares the
// device, else inside a HostTimingScope (the calibrate and measure phases call this).
void hold_background_work_for_timing();
// Lets it go on (a no-op when none).
void release_background_work();
// Whether background work goes on now: installed, not held, with work left.
bool background_work_going();

// Other processes on the host that time figures by the host's clock too (one measuring process
// per GPU of the host): two GPUs' transfers at once share the host's memory and read slower
// than either alone. A host-timed entry claims the host from its first timing phase to its
// end, so that no two such figures are timed at once, while its setup (buffers made and
// filled) goes on beside another's timing. `claim` may wait; `let_go` ends the claim.
struct HostClaim {
    std::function<void()> claim, let_go;
};
// Installs it for the scope's lifetime (let go, however the scope is left).
class HostClaimScope {
  public:
    explicit HostClaimScope(HostClaim claim);
    ~HostClaimScope();
    HostClaimScope(const HostClaimScope&) = delete;
    HostClaimScope& operator=(const HostClaimScope&) = delete;
};
// Claims the host where an entry the host's clock times enters a timing phase (the calibrate
// and measure phases call this); a no-op without a claim installed, in a device-timed entry,
// or where the entry already claimed it.
void claim_host_for_timing();

// The benchmark run in its lifetime is timed by the host's clock (EntryHeader::host_timed):
// the background work is held from the scope's start and in each of its timing phases (a
// wait for one of its programs lets it go meanwhile), whatever the device; the host is
// claimed from its first timing phase (HostClaim) and let go at the scope's end.
class HostTimingScope {
  public:
    explicit HostTimingScope(bool host_timed);
    ~HostTimingScope();
    HostTimingScope(const HostTimingScope&) = delete;
    HostTimingScope& operator=(const HostTimingScope&) = delete;

  private:
    bool outer_;
    bool outer_claimed_;
};

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
