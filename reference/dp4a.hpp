// CPU model of kernels/dp4a.cl: 4x8-bit dot products with a wrapping 32-bit accumulate.
#pragma once
#include "reference/inputs.hpp"

#include <cstdint>

namespace clgauge::ref {

// The byte values every lane of the multipliers is drawn from: the extremes of both
// signednesses (as signed: -128, 127, 0, 1, -1) and three arbitrary bytes.
constexpr uint8_t kDp4aLaneValues[8] = {0x80, 0x7f, 0x00, 0x01, 0xff, 0x5a, 0xa5, 0x3c};
// Start patterns for the first operand: every lane at one extreme, and mixed.
constexpr uint32_t kDp4aStartWords[8] = {0x80808080u, 0x7f7f7f7fu, 0x00000000u, 0x01010101u,
                                         0xffffffffu, 0x807f01ffu, 0x7f80ff01u, 0x80ff7f00u};

// A multiplier (4 packed bytes) for chain `k` of work-item `gid`.
constexpr uint32_t dp4a_multiplier(uint32_t seed, uint32_t gid, uint32_t k) {
    const uint32_t r = rand(seed, gid, 2 + k);
    uint32_t w = 0;
    for (uint32_t lane = 0; lane < 4; ++lane)
        w |= uint32_t(kDp4aLaneValues[(r >> (3 * lane)) & 7]) << (8 * lane);
    return w;
}

// Start value of chain `k` (0: x, 1: y). A quarter of the items start with every lane at one
// extreme (or mixed extremes), a quarter with accumulators just below INT_MAX or at INT_MIN,
// so the first steps cross the wrap-around; the rest are random.
constexpr uint32_t dp4a_start(uint32_t seed, uint32_t gid, uint32_t k) {
    const uint32_t r = rand(seed, gid, k);
    switch ((r >> 29) & 3u) {
    case 0:
        return kDp4aStartWords[(r >> 26) & 7];
    case 1:
        return (r & 1u) ? 0x7fffffffu - (r >> 20 & 0xffu) : 0x80000000u + (r >> 20 & 0xffu);
    default:
        return r;
    }
}

enum class Dp4aSigns { SS, UU, SU }; // first operand x second operand

constexpr int32_t dp4a_lane(uint32_t w, int lane, bool is_signed) {
    const uint32_t b = (w >> (8 * lane)) & 0xffu;
    return is_signed ? int32_t(int8_t(uint8_t(b))) : int32_t(b);
}

// c + a.b, the dot product of 4 bytes extended by the signedness, wrapping at 32 bits.
constexpr uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, Dp4aSigns s) {
    const bool sa = s != Dp4aSigns::UU, sb = s == Dp4aSigns::SS;
    int64_t dot = 0;
    for (int lane = 0; lane < 4; ++lane)
        dot += int64_t(dp4a_lane(a, lane, sa)) * dp4a_lane(b, lane, sb);
    return c + uint32_t(dot);
}

// x = dp4a(y, cx, x); y = dp4a(x, cy, y): each step moves one chain by a function of the
// other, so the map is a bijection and no two items collapse onto one value.
template <Dp4aSigns S>
void dp4a_chain(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    uint32_t x = dp4a_start(seed, gid, 0), y = dp4a_start(seed, gid, 1);
    const uint32_t cx = dp4a_multiplier(seed, gid, 0), cy = dp4a_multiplier(seed, gid, 1);
    for (uint64_t i = 0; i < steps; ++i) {
        x = dp4a(y, cx, x, S);
        y = dp4a(x, cy, y, S);
    }
    out[0] = x;
    out[1] = y;
}

inline void dp4a_s8(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    dp4a_chain<Dp4aSigns::SS>(seed, gid, steps, out);
}
inline void dp4a_u8(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    dp4a_chain<Dp4aSigns::UU>(seed, gid, steps, out);
}
inline void dp4a_su8(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    dp4a_chain<Dp4aSigns::SU>(seed, gid, steps, out);
}

} // namespace clgauge::ref
