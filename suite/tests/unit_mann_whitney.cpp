// label unit: the one-sided Mann-Whitney U test against scipy. Every expected value below is
// what scipy 1.17.1 printed for scipy.stats.mannwhitneyu(x, y, alternative="less") (method
// "auto" unless named), e.g.
//   python3 -c 'from scipy.stats import mannwhitneyu as m; print(m([20,11,17,12],
//   [19,22,16,29,24], alternative="less"))'
// A wrong rank, tie term, continuity correction, exact count or direction moves one of them.
#include "base/mann_whitney.hpp"
#include "baseline/verdict.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

constexpr double kTight = 1e-12;

// scipy's documentation example (females vs males): U1 = 3, exact p = 0.0556.
TEST(MannWhitney, ScipyDocumentationExampleIsExact) {
    const auto r = mann_whitney_less({20, 11, 17, 12}, {19, 22, 16, 29, 24});
    EXPECT_EQ(r.method, MannWhitneyMethod::Exact);
    EXPECT_DOUBLE_EQ(r.u, 3.0);
    EXPECT_NEAR(r.p, 0.05555555555555555, kTight);
}

TEST(MannWhitney, ExactAndAsymptoticWithoutTies) {
    const std::vector<double> x{1.1, 2.3, 3.2, 4.8, 5.5}, y{2.0, 3.9, 6.1, 7.4, 8.8, 9.5};
    const auto exact = mann_whitney_less(x, y);
    EXPECT_EQ(exact.method, MannWhitneyMethod::Exact);
    EXPECT_DOUBLE_EQ(exact.u, 6.0);
    EXPECT_NEAR(exact.p, 0.06277056277056277, kTight);
    // method="asymptotic": normal approximation with the continuity correction.
    EXPECT_NEAR(mann_whitney_less(x, y, MannWhitneyMethod::Asymptotic).p, 0.06034540026372278,
                kTight);
    const auto reverse = mann_whitney_less(y, x);
    EXPECT_DOUBLE_EQ(reverse.u, 24.0);
    EXPECT_NEAR(reverse.p, 0.9588744588744589, kTight);
}

// Ties: "auto" falls back to the normal approximation with the tie correction.
TEST(MannWhitney, TiesUseTheTieCorrectedNormalApproximation) {
    const std::vector<double> x{3, 3, 4, 5, 5, 5, 6, 7, 7, 8, 9, 10};
    const std::vector<double> y{4, 5, 6, 6, 7, 8, 8, 8, 9, 9, 10, 11, 12, 12, 13};
    const auto r = mann_whitney_less(x, y);
    EXPECT_EQ(r.method, MannWhitneyMethod::Asymptotic);
    EXPECT_DOUBLE_EQ(r.u, 43.0);
    EXPECT_NEAR(r.p, 0.011258308764842677, kTight);
    EXPECT_NEAR(mann_whitney_less(y, x).p, 0.9901128632509275, kTight);
}

// One sample of 3, the other of 40: exact (scipy uses exact when either has at most 8).
TEST(MannWhitney, ExactWithUnevenSizes) {
    std::vector<double> b;
    for (int i = 1; i <= 40; ++i)
        b.push_back(i / 4.0);
    const auto r = mann_whitney_less({0.3, 0.7, 1.9}, b);
    EXPECT_EQ(r.method, MannWhitneyMethod::Exact);
    EXPECT_DOUBLE_EQ(r.u, 10.0);
    EXPECT_NEAR(r.p, 0.005429057612835265, kTight);
    EXPECT_NEAR(mann_whitney_less(b, {0.3, 0.7, 1.9}).p, 0.9957053723361153, kTight);
}

TEST(MannWhitney, SmallestReachablePValue) {
    EXPECT_NEAR(mann_whitney_less({1, 2, 3, 4}, {5, 6, 7, 8}).p, 0.014285714285714285, kTight);
    EXPECT_NEAR(mann_whitney_min_p(4, 4), 1.0 / 70, kTight);
    EXPECT_NEAR(mann_whitney_less({1, 2, 3}, {5, 6, 7}).p, 0.05, kTight);
    EXPECT_NEAR(mann_whitney_min_p(3, 3), 0.05, kTight); // 3 and 3 cannot reach p < 0.05
    EXPECT_DOUBLE_EQ(mann_whitney_min_p(0, 5), 1.0);
}

TEST(MannWhitney, NoEvidenceGivesOne) {
    EXPECT_DOUBLE_EQ(mann_whitney_less({}, {1, 2}).p, 1.0);
    EXPECT_DOUBLE_EQ(mann_whitney_less({2, 2, 2}, {2, 2}).p, 1.0);
    EXPECT_DOUBLE_EQ(mann_whitney_less({2, 2, 2}, {2, 2}, MannWhitneyMethod::Exact).p, 1.0);
}

// Samples too large to count exactly fall back to the approximation, which agrees there.
TEST(MannWhitney, LargeSamplesUseTheApproximation) {
    std::vector<double> x, y;
    for (int i = 0; i < 3000; ++i)
        (i % 2 ? x : y).push_back(i + (i % 2 ? 0.0 : 0.5));
    x.resize(8);
    const auto r = mann_whitney_less(x, y, MannWhitneyMethod::Exact);
    EXPECT_EQ(r.method, MannWhitneyMethod::Asymptotic);
    EXPECT_LT(r.p, 1e-3);
}

// The baseline verdict's test is this one, asymptotic.
TEST(MannWhitney, BaselineVerdictUsesTheSameTest) {
    const std::vector<double> x{1.1, 2.3, 3.2, 4.8, 5.5}, y{2.0, 3.9, 6.1, 7.4, 8.8, 9.5};
    EXPECT_NEAR(mann_whitney_smaller_p(x, y), 0.06034540026372278, kTight);
}

} // namespace
} // namespace clgauge
