// How long a benchmark may measure, and what its launches spent: plain types a RunOptions
// carries and the timing protocol (measure/timing.hpp) keeps.
#pragma once
#include <algorithm>
#include <optional>
#include <string>

namespace clgauge {

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

} // namespace clgauge
