// IEEE 754 binary16 in software: conversions with round-to-nearest-even and a correctly
// rounded fused multiply-add, so fp16 kernels can be checked bit for bit.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

namespace clgauge::ref {

inline double half_to_double(uint16_t h) {
    const int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    double v;
    if (exp == 0)
        v = std::ldexp(double(man), -24);
    else if (exp == 31)
        v = man ? std::numeric_limits<double>::quiet_NaN()
                : std::numeric_limits<double>::infinity();
    else
        v = std::ldexp(double(man | 0x400), exp - 25);
    return sign ? -v : v;
}

// Rounds any double to the nearest binary16 (ties to even), with subnormals and overflow.
inline uint16_t double_to_half(double d) {
    const uint16_t sign = std::signbit(d) ? 0x8000 : 0;
    const double a = std::fabs(d);
    if (std::isnan(d)) return 0x7e00;
    if (a >= 65520.0) return sign | 0x7c00; // 65520 is the tie between 65504 and 2^16
    if (a < std::ldexp(1.0, -14)) {         // subnormal: units of 2^-24
        const double q = std::nearbyint(std::ldexp(a, 24));
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(q));
    }
    int e2;
    std::frexp(a, &e2);                               // a = f * 2^e2, f in [0.5, 1)
    int e = e2 - 1;                                   // a in [2^e, 2^(e+1))
    double m = std::nearbyint(std::ldexp(a, 10 - e)); // [1024, 2048]
    if (m == 2048.0) {
        m = 1024.0;
        ++e;
    }
    if (e + 15 >= 31) return sign | 0x7c00;
    return static_cast<uint16_t>(sign | ((e + 15) << 10) | (static_cast<int>(m) - 1024));
}

// fma(a, b, c) rounded once to binary16. a*b is exact in double; the sum is split into
// s + err exactly (TwoSum), and err only decides a tie of s between two halves.
inline uint16_t half_fma(uint16_t a, uint16_t b, uint16_t c) {
    const double A = half_to_double(a), B = half_to_double(b), C = half_to_double(c);
    const double p = A * B;
    const double s = p + C;
    if (!std::isfinite(s)) return double_to_half(std::isnan(p) ? p : s);
    const double bp = s - p;
    const double err = (p - (s - bp)) + (C - bp);
    uint16_t h = double_to_half(s);
    if (err == 0.0) return h;
    const double hv = half_to_double(h);
    if (std::isinf(hv)) { // s rounded up to infinity exactly at the 65520 tie
        return (std::fabs(s) == 65520.0 && (err < 0) == (s > 0)) ? uint16_t(h - 1) : h;
    }
    if (hv == s) return h; // s representable: |err| is far below half an fp16 ulp
    const uint16_t other = (std::fabs(s) > std::fabs(hv)) ? uint16_t(h + 1) : uint16_t(h - 1);
    const double ov = half_to_double(other);
    if (s != (hv + ov) / 2) return h; // not a tie: err cannot move s across the midpoint
    const bool want_up = err > 0;     // toward +infinity
    const bool h_is_up = hv > ov;
    return want_up == h_is_up ? h : other;
}

} // namespace clgauge::ref
