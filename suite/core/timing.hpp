// Timing OpenCL commands: event profiling (START..END) as the figure, the host clock beside it.
#pragma once
#include "core/opencl.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace clgauge {

// A command that did not finish within its deadline: the device is presumed hung.
struct KernelTimeout : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Polls until the event completes, failing on error status or when timeout_s passes
// (clWaitForEvents has no deadline, and a hung kernel must not hang the suite); the watchdog
// (core/watchdog.hpp) ends a query the driver does not return from.
void wait_for(const cl::Event& event, double timeout_s);
double event_seconds(const cl::Event& event); // END - START

// Which clock gave a figure's times: the device's profiling clock, or the host's where the
// device's was found unusable (core/clock_check.hpp).
enum class TimerSource { Device, Host };
const char* timer_source_name(TimerSource s); // "device", "host"

struct Timings {
    // The figure's time per launch, seconds: profiling START..END, or the host round trip
    // when `clock` is Host.
    Stats device;
    Stats host; // steady_clock around enqueue .. completion, seconds
    // The stages before START: QUEUED..SUBMIT (host side, until the command is
    // handed to the device) and SUBMIT..START (waiting on the device), seconds.
    Stats queued_to_submit, submit_to_start;
    TimerSource clock = TimerSource::Device;
    std::string clock_note; // why the device's clock was not used (empty when it was)
    // Perf: the leading samples left out as the warm-up (core/steady_state.hpp); the report's
    // "warmup_dropped".
    size_t warmup_dropped = 0;
};

using Enqueue = std::function<cl::Event(cl::CommandQueue&)>;

// clFinish under the watchdog: a driver may block in it for as long as a kernel runs.
void finish_within(cl::CommandQueue& queue, double timeout_s);

// Warm-up launches, then `reps` timed ones, one at a time. The device's stamps of all of them
// are held against the host clock (core/clock_check.hpp): where they cannot be times, the
// figure is the host's and `clock` says so.
Timings time_launches(cl::CommandQueue& queue, const Enqueue& enqueue, int warmups, int reps,
                      double timeout_s);

// The measured device time per benchmark unless CLGAUGE_BUDGET_MS or --budget-ms says
// otherwise: the committed baselines were recorded with it.
constexpr long kDefaultBudgetMs = 100;

// How long to spend measuring one benchmark. Calibration and measurement together take at
// most bound_seconds() of launches (twice the budget) wherever a benchmark's launch can be
// made as short as the aim: the aim of one launch is capped so that min_reps of them and the
// calibration fit, and the count of timed launches is cut to what is left.
struct Budget {
    double seconds = kDefaultBudgetMs / 1000.0; // total timed device time to aim for
    int min_reps = 5, max_reps = 100;
    // A harness whose launches have a fixed cost (ramp-up and tail) sets a floor on the aim.
    double min_launch_seconds = 0;
    // The timed launches are taken in parts of at most 1/measure_parts of them, and of at most
    // half of what the bound still pays for: a host that slows down midway (a copy the host
    // times) is seen after a part, and the count left is cut to what the bound leaves at the
    // latest part's pace. 1: all in one batch.
    int measure_parts = 8;
    // The aim of one calibrated launch: a tenth of the budget, at least the floor, at most
    // what lets min_reps launches and the calibration (about three more) keep the bound.
    double launch_seconds() const {
        return std::min(std::max(seconds / 10.0, min_launch_seconds), most_launch_seconds());
    }
    double most_launch_seconds() const { return bound_seconds() / (min_reps + 3); }
    double bound_seconds() const { return 2 * seconds; }
    int reps_for(double launch_s) const;
};

// The launch time a benchmark's calibration and measurement spent: each timed batch charged
// its samples' host round trips, and its warm-ups at their median.
struct BudgetLedger {
    double calibrate_s = 0, measure_s = 0;
    int launches = 0;
    double total() const { return calibrate_s + measure_s; }
};
// Why `spent` breaks the bound of `budget` (more than twice it); nullopt when it keeps it.
std::optional<std::string> budget_overrun(const BudgetLedger& spent, const Budget& budget);

// Perf-mode timing with calibration. `timed(warmups, reps)` times launches as they stand;
// `grow(factor)` makes one launch about `factor` times longer (more repeats, more work-groups)
// and returns false when it cannot. Up to `rounds` times, one launch is timed and grown while
// it takes less than half of budget.launch_seconds(); then budget.reps_for(one launch)
// launches make the figure. The last calibration launch, of the shape then timed, is their
// first sample (a launch grown in the last round, or a pinned one, is warmed up once first),
// and the count is cut to what the bound leaves, never below budget.min_reps samples (so the
// bound holds wherever a launch can be made as short as the aim). Calibration is bounded
// by the host clock too: a launch the host waits target for is not grown, whatever the
// device's clock says; and device times that did not follow the growth put the measurement
// on the host clock. The samples' warm-up (core/steady_state.hpp) is left out and as many
// samples taken again. `ledger`, when given, is charged with every launch.
using TimedLaunches = std::function<Timings(int warmups, int reps)>;
using GrowLaunch = std::function<bool(double factor)>;
Timings calibrate_and_time(const TimedLaunches& timed, const Budget& budget, int rounds,
                           const GrowLaunch& grow, BudgetLedger* ledger = nullptr);

// `t` with its warm-up left out (core/steady_state.hpp) and `more(n)`'s samples in place of
// the n left out, so that the statistic has the count it was sized for: a ramp at the start is
// the warm-up's (a copy engine, staging buffers, a clock), not the device's.
Timings at_steady_state(Timings t, const std::function<Timings(int count)>& more);
// `t` with its warm-up left out and nothing taken again: for a harness that counts its own
// launches (thousands of them, sized and given their output slots for one batch).
Timings without_warmup(Timings t);

// Multiplies `repeats` by `factor`, up to `most`; false when it already is `most`.
bool grow_repeats(uint32_t& repeats, double factor, uint32_t most);

} // namespace clgauge
