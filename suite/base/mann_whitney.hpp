// The one-sided Mann-Whitney U test: do the samples x rank below the samples y? Rank-based, so
// it holds for timings' skewed, heavy-tailed distributions where a t-test would not. The model
// is scipy.stats.mannwhitneyu(x, y, alternative="less"), whose results the unit tests quote.
#pragma once
#include <cstddef>
#include <vector>

namespace clgauge {

enum class MannWhitneyMethod {
    Exact,      // the null distribution of U counted exactly (no ties)
    Asymptotic, // the normal approximation, tie- and continuity-corrected
};

struct MannWhitney {
    // scipy's U1: the pairs (x_i, y_j) with x_i > y_j, a tie counting one half.
    double u = 0;
    // P(U <= u) when x and y come from one distribution: small when x ranks below y.
    // 1 when either sample is empty or every value is equal (no evidence either way).
    double p = 1;
    MannWhitneyMethod method = MannWhitneyMethod::Asymptotic;
};

// scipy's method "auto": exact when there are no ties and one sample has at most 8 values,
// otherwise the normal approximation. Exact needs the count of arrangements,
// C(n1 + n2, min(n1, n2)), in 64 bits; beyond that (thousands of samples) the normal
// approximation is used, and is accurate there.
MannWhitney mann_whitney_less(const std::vector<double>& x, const std::vector<double>& y);
MannWhitney mann_whitney_less(const std::vector<double>& x, const std::vector<double>& y,
                              MannWhitneyMethod method);

// The smallest p-value samples of these sizes can reach: 1 / C(n1 + n2, n1), the one
// arrangement where every x ranks below every y. A test of samples this small cannot be
// significant at any alpha at or below it.
double mann_whitney_min_p(size_t n1, size_t n2);

} // namespace clgauge
