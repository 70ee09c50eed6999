// label unit: the software binary16 that every fp16 check relies on.
#include "reference/half.hpp"

#include <gtest/gtest.h>
#include <random>

namespace clgauge::ref {
namespace {

TEST(Half, EveryFiniteValueRoundTrips) {
    for (uint32_t h = 0; h < 0x10000; ++h) {
        if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) continue; // NaN payloads
        EXPECT_EQ(double_to_half(half_to_double(uint16_t(h))), h) << std::hex << h;
    }
}

TEST(Half, RoundsTiesToEven) {
    EXPECT_EQ(double_to_half(1.0 + std::ldexp(1.0, -11)), 0x3c00);     // tie -> even (1.0)
    EXPECT_EQ(double_to_half(1.0 + 3 * std::ldexp(1.0, -11)), 0x3c02); // tie -> even (up)
    EXPECT_EQ(double_to_half(65519.0), 0x7bff);
    EXPECT_EQ(double_to_half(65520.0), 0x7c00);
    EXPECT_EQ(double_to_half(std::ldexp(1.0, -25)), 0x0000); // tie -> 0
    EXPECT_EQ(double_to_half(std::ldexp(3.0, -25)), 0x0002); // subnormal tie -> even
}

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

// Exact a*b+c as an integer count of 2^-48, rounded to half by integer arithmetic: an
// implementation independent of the double-based one under test.
uint16_t exact_fma(uint16_t a, uint16_t b, uint16_t c) {
    auto units = [](uint16_t h) -> i128 { // value in units of 2^-24
        const int e = (h >> 10) & 0x1f;
        const i128 m = e ? (h & 0x3ff) | 0x400 : (h & 0x3ff);
        const i128 v = e ? m << (e - 1) : m;
        return (h & 0x8000) ? -v : v;
    };
    const i128 sum = units(a) * units(b) + (units(c) << 24); // units of 2^-48
    const bool neg = sum < 0;
    u128 mag = neg ? -sum : sum;
    // Find the half quantum for this magnitude: 2^(e-10) for normals, 2^-24 for subnormals.
    int shift = 24; // log2(quantum / 2^-48) for subnormals
    while (shift < 24 + 30 && (mag >> (shift + 10)) >= 2)
        ++shift;
    const u128 q = mag >> shift, rem = mag - (q << shift);
    const u128 half = (u128)1 << (shift - 1);
    u128 r = q + ((rem > half || (rem == half && (q & 1))) ? 1 : 0);
    const double value = std::ldexp(double(uint64_t(r)), shift - 48);
    return double_to_half(neg ? -value : value);
}

TEST(Half, FmaIsCorrectlyRoundedOnRandomInputs) {
    std::mt19937 rng(12345);
    int checked = 0;
    for (int i = 0; i < 300000; ++i) {
        const uint16_t a = uint16_t(rng()), b = uint16_t(rng()), c = uint16_t(rng());
        if (((a | b | c) & 0x7c00) == 0x7c00) continue;
        if ((a & 0x7c00) == 0x7c00 || (b & 0x7c00) == 0x7c00 || (c & 0x7c00) == 0x7c00) continue;
        const uint16_t got = half_fma(a, b, c), want = exact_fma(a, b, c);
        if ((want & 0x7fff) == 0 && (got & 0x7fff) == 0) continue; // signed zero of exact 0
        ASSERT_EQ(got, want) << std::hex << a << " " << b << " " << c;
        ++checked;
    }
    EXPECT_GT(checked, 100000);
}

TEST(Half, FmaDiffersFromMulThenAdd) {
    // 1.0009765625 * 1.0009765625 - 1.001953125 needs the unrounded product.
    const uint16_t a = 0x3c01, c = 0xbc02;
    const uint16_t fused = half_fma(a, a, c);
    const uint16_t split = double_to_half(
        half_to_double(double_to_half(half_to_double(a) * half_to_double(a))) + half_to_double(c));
    EXPECT_NE(fused, split);
}

} // namespace
} // namespace clgauge::ref
