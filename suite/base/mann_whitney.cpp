#include "base/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace clgauge {
namespace {

struct Ranked {
    double u1 = 0;       // scipy's U1
    double tie_term = 0; // sum over tied groups of t^3 - t
    bool ties = false;
    bool all_equal = false; // one tied group holds every value
};

// Ranks over the pooled samples, ties sharing their mean rank.
Ranked rank(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<std::pair<double, bool>> pooled; // value, from x
    pooled.reserve(x.size() + y.size());
    for (double v : x)
        pooled.emplace_back(v, true);
    for (double v : y)
        pooled.emplace_back(v, false);
    std::sort(pooled.begin(), pooled.end());
    Ranked r;
    r.all_equal = !pooled.empty() && pooled.front().first == pooled.back().first;
    double rank_sum_x = 0;
    for (size_t i = 0; i < pooled.size();) {
        size_t j = i;
        while (j < pooled.size() && pooled[j].first == pooled[i].first)
            ++j;
        const double t = double(j - i), mean_rank = (double(i) + double(j) + 1.0) / 2.0;
        for (size_t k = i; k < j; ++k)
            if (pooled[k].second) rank_sum_x += mean_rank;
        r.tie_term += t * t * t - t;
        r.ties = r.ties || j - i > 1;
        i = j;
    }
    const double n1 = double(x.size());
    r.u1 = rank_sum_x - n1 * (n1 + 1) / 2;
    return r;
}

// C(n1 + n2, min(n1, n2)) in floating point: how many arrangements the exact count spans.
double arrangements(size_t n1, size_t n2) {
    const size_t small = std::min(n1, n2), large = std::max(n1, n2);
    double c = 1;
    for (size_t i = 1; i <= small; ++i)
        c = c * double(large + i) / double(i);
    return c;
}

// Exact counts fit 64 bits with room for the signed intermediate steps below.
bool exact_fits(size_t n1, size_t n2) {
    return arrangements(n1, n2) < 0x1p62;
}

// How many arrangements of n1 + n2 ranked values give each U in 0..n1*n2: the coefficients of
// the Gaussian binomial [n1 + n2 choose s]_q = prod_{i=1..s} (1 - q^(l+i)) / (1 - q^i), with
// s, l the smaller and larger size. Each step multiplies by the numerator factor, then
// divides by the denominator one (the quotient is a polynomial, so the division is exact).
std::vector<int64_t> u_counts(size_t n1, size_t n2) {
    const size_t s = std::min(n1, n2), l = std::max(n1, n2);
    std::vector<int64_t> c(s * l + s + 1, 0);
    c[0] = 1;
    size_t degree = 0;
    for (size_t i = 1; i <= s; ++i) {
        const size_t shift = l + i, top = degree + shift;
        for (size_t k = top; k >= shift; --k) // times (1 - q^shift), from the top down
            c[k] -= c[k - shift];
        for (size_t k = i; k <= top; ++k) // over (1 - q^i), from the bottom up
            c[k] += c[k - i];
        degree += l;
    }
    c.resize(s * l + 1);
    return c;
}

double exact_p_at_most(double u1, size_t n1, size_t n2) {
    const auto counts = u_counts(n1, n2);
    // With ties (a forced exact test) U1 may be a half: scipy rounds the statistic it looks up
    // towards the larger p, as this does.
    const auto last = static_cast<size_t>(std::ceil(u1));
    int64_t at_most = 0, total = 0;
    for (size_t k = 0; k < counts.size(); ++k) {
        total += counts[k];
        if (k <= last) at_most += counts[k];
    }
    return double(at_most) / double(total);
}

double asymptotic_p_at_most(const Ranked& r, size_t n1_, size_t n2_) {
    const double n1 = double(n1_), n2 = double(n2_), n = n1 + n2;
    const double mean = n1 * n2 / 2;
    const double var = n1 * n2 / 12.0 * ((n + 1) - r.tie_term / (n * (n - 1)));
    if (!(var > 0)) return 1.0;
    const double z = (r.u1 - mean + 0.5) / std::sqrt(var);
    return 0.5 * std::erfc(-z / std::sqrt(2.0)); // P(Z <= z)
}

} // namespace

MannWhitney mann_whitney_less(const std::vector<double>& x, const std::vector<double>& y,
                              MannWhitneyMethod method) {
    MannWhitney m;
    m.method = method;
    if (x.empty() || y.empty()) return m;
    const Ranked r = rank(x, y);
    m.u = r.u1;
    if (r.all_equal) return m; // no evidence either way
    if (method == MannWhitneyMethod::Exact && !exact_fits(x.size(), y.size()))
        m.method = MannWhitneyMethod::Asymptotic;
    m.p = m.method == MannWhitneyMethod::Exact ? exact_p_at_most(r.u1, x.size(), y.size())
                                               : asymptotic_p_at_most(r, x.size(), y.size());
    return m;
}

MannWhitney mann_whitney_less(const std::vector<double>& x, const std::vector<double>& y) {
    bool ties = false;
    if (!x.empty() && !y.empty() && std::min(x.size(), y.size()) <= 8) ties = rank(x, y).ties;
    const bool exact = !ties && std::min(x.size(), y.size()) <= 8;
    return mann_whitney_less(x, y,
                             exact ? MannWhitneyMethod::Exact : MannWhitneyMethod::Asymptotic);
}

double mann_whitney_min_p(size_t n1, size_t n2) {
    if (n1 == 0 || n2 == 0) return 1.0;
    return 1.0 / arrangements(n1, n2);
}

} // namespace clgauge
