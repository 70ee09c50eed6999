#include "types/budget.hpp"

#include <cmath>
#include <cstdio>

namespace clgauge {

int Budget::reps_for(double launch_s) const {
    if (launch_s <= 0) return max_reps;
    const double n = std::floor(seconds / launch_s);
    return static_cast<int>(std::clamp(n, double(min_reps), double(max_reps)));
}

std::optional<std::string> budget_overrun(const BudgetLedger& spent, const Budget& budget) {
    if (spent.total() <= budget.bound_seconds()) return std::nullopt;
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "calibration and measurement took %.3f s in %d launches, more than twice the "
                  "budget of %.3f s",
                  spent.total(), spent.launches, budget.seconds);
    return std::string(buf);
}

} // namespace clgauge
