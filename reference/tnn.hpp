// CPU models of kernels/tnn.cl: the kernel's bit-plane arithmetic bit for bit, and a naive
// model on decoded trits (plain integer products) that must agree with it.
#pragma once
#include "reference/inputs.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace clgauge::ref {

// Planes of 16 trits: low 16 bits x+ (the +1 trits), high 16 bits x- (the -1 trits).
constexpr uint32_t tnn_trits(uint32_t r_nonzero, uint32_t r_sign) {
    const uint32_t nz = ((r_nonzero | (r_nonzero >> 16)) | 0xfu) & 0xffffu;
    const uint32_t s = r_sign & 0xffffu;
    return (nz & s) | ((nz & ~s & 0xffffu) << 16);
}
constexpr uint16_t lane16(uint32_t w, int k) {
    return uint16_t(w >> (16 * k));
}
constexpr uint32_t pack16(uint16_t lo, uint16_t hi) {
    return uint32_t(lo) | (uint32_t(hi) << 16);
}
constexpr uint16_t tnn_mask(uint32_t acc) {
    return uint16_t(lane16(acc, 0) ^ std::rotl(lane16(acc, 1), 8));
}

struct TnnState {
    uint32_t x, y, d, e;
};
constexpr TnnState tnn_start(uint32_t seed, uint32_t gid) {
    return {tnn_trits(rand(seed, gid, 0), rand(seed, gid, 1)),
            tnn_trits(rand(seed, gid, 2), rand(seed, gid, 3)), rand(seed, gid, 4),
            rand(seed, gid, 5)};
}

// Bit-plane model: the kernel's operations on 16-bit lanes.
constexpr void tnn_half(uint32_t a, uint32_t& b, uint32_t& acc) {
    const uint32_t r0 = a & b, r1 = a & std::rotl(b, 16);
    uint16_t acc0 = lane16(acc, 0), acc1 = lane16(acc, 1);
    acc0 = uint16_t(acc0 + std::popcount(lane16(r0, 0)) - std::popcount(lane16(r1, 0)));
    acc1 = uint16_t(acc1 + std::popcount(lane16(r0, 1)) - std::popcount(lane16(r1, 1)));
    acc = pack16(acc0, acc1);
    const uint16_t t = uint16_t((lane16(b, 0) ^ lane16(b, 1)) & tnn_mask(acc));
    b ^= pack16(t, t);
}

inline void tnn_popcount(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[4]) {
    TnnState s = tnn_start(seed, gid);
    for (uint64_t i = 0; i < steps; ++i) {
        tnn_half(s.x, s.y, s.d);
        tnn_half(s.y, s.x, s.e);
    }
    out[0] = s.x;
    out[1] = s.y;
    out[2] = s.d;
    out[3] = s.e;
}

// Naive model: trits as integers, products and sums as written in a textbook.
using Trits = std::array<int, 16>;
constexpr Trits tnn_decode(uint32_t planes) {
    Trits t{};
    for (int i = 0; i < 16; ++i)
        t[i] = int((planes >> i) & 1u) - int((planes >> (16 + i)) & 1u);
    return t;
}
constexpr uint32_t tnn_encode(const Trits& t) {
    uint32_t w = 0;
    for (int i = 0; i < 16; ++i)
        w |= t[i] > 0 ? (1u << i) : t[i] < 0 ? (1u << (16 + i)) : 0u;
    return w;
}
// acc.s0 += sum of a_i * b_i over a_i = +1, acc.s1 over a_i = -1; then b_i = -b_i where the
// mask bit i is set.
constexpr void tnn_half_naive(const Trits& a, Trits& b, uint32_t& acc) {
    int sum[2] = {0, 0};
    for (int i = 0; i < 16; ++i)
        if (a[i] != 0) sum[a[i] > 0 ? 0 : 1] += a[i] * b[i];
    acc = pack16(uint16_t(lane16(acc, 0) + sum[0]), uint16_t(lane16(acc, 1) + sum[1]));
    const uint16_t m = tnn_mask(acc);
    for (int i = 0; i < 16; ++i)
        if ((m >> i) & 1u) b[i] = -b[i];
}

inline void tnn_popcount_naive(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[4]) {
    const TnnState s = tnn_start(seed, gid);
    Trits x = tnn_decode(s.x), y = tnn_decode(s.y);
    uint32_t d = s.d, e = s.e;
    for (uint64_t i = 0; i < steps; ++i) {
        tnn_half_naive(x, y, d);
        tnn_half_naive(y, x, e);
    }
    out[0] = tnn_encode(x);
    out[1] = tnn_encode(y);
    out[2] = d;
    out[3] = e;
}

// Cross-check of stored words against the naive model.
inline bool tnn_matches_naive(uint32_t seed, uint32_t gid, uint64_t steps, const uint64_t* got) {
    uint64_t want[4];
    tnn_popcount_naive(seed, gid, steps, want);
    for (int k = 0; k < 4; ++k)
        if (got[k] != want[k]) return false;
    return true;
}

} // namespace clgauge::ref
