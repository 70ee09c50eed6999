// CPU model of kernels/fma.cl: the same leapfrog chains with IEEE fma, bit for bit.
#pragma once
#include "reference/half.hpp"
#include "reference/inputs.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

namespace clgauge::ref {

// Each function returns the words the kernel stores for work-item `gid` after `steps`
// (unrolled steps x repeats) chain steps: two, four for fp64.
inline void fp32_fma(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    float x = std::bit_cast<float>(f32_bits_2_4(rand(seed, gid, 0)));
    float y = std::bit_cast<float>(f32_bits_2_4(rand(seed, gid, 1)));
    const float c = std::bit_cast<float>(f32_bits_half_1(rand(seed, 0, 16)));
    for (uint64_t i = 0; i < steps; ++i) {
        x = std::fma(y, c, x);
        y = std::fma(x, -c, y);
    }
    out[0] = std::bit_cast<uint32_t>(x);
    out[1] = std::bit_cast<uint32_t>(y);
}

// kernels/fma.cl fp32_fma_strided: items at multiples of `stride` run the chain, the others
// store their inputs.
inline void fp32_fma_strided(uint32_t stride, uint32_t seed, uint32_t gid, uint64_t steps,
                             uint64_t out[2]) {
    fp32_fma(seed, gid, gid % stride == 0 ? steps : 0, out);
}

// Two independent pairs: streams 0-3 and 4-7; out: x0, y0, x1, y1.
inline void fp64_fma(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[4]) {
    const double c = std::bit_cast<double>(f64_bits_half_1(rand(seed, 0, 16), rand(seed, 0, 17)));
    for (uint32_t pair = 0; pair < 2; ++pair) {
        const uint32_t k = 4 * pair;
        double x = std::bit_cast<double>(f64_bits_2_4(rand(seed, gid, k), rand(seed, gid, k + 1)));
        double y =
            std::bit_cast<double>(f64_bits_2_4(rand(seed, gid, k + 2), rand(seed, gid, k + 3)));
        for (uint64_t i = 0; i < steps; ++i) {
            x = std::fma(y, c, x);
            y = std::fma(x, -c, y);
        }
        out[2 * pair] = std::bit_cast<uint64_t>(x);
        out[2 * pair + 1] = std::bit_cast<uint64_t>(y);
    }
}

// One pair of half2 chains (streams 0-3), lane by lane.
inline void fp16_fma(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    const uint16_t c[2] = {f16_bits_half_1(rand(seed, 0, 16)), f16_bits_half_1(rand(seed, 0, 17))};
    uint16_t x[2] = {f16_bits_2_4(rand(seed, gid, 0)), f16_bits_2_4(rand(seed, gid, 1))};
    uint16_t y[2] = {f16_bits_2_4(rand(seed, gid, 2)), f16_bits_2_4(rand(seed, gid, 3))};
    for (int lane = 0; lane < 2; ++lane) {
        const uint16_t nc = c[lane] ^ 0x8000;
        for (uint64_t i = 0; i < steps; ++i) {
            x[lane] = half_fma(y[lane], c[lane], x[lane]);
            y[lane] = half_fma(x[lane], nc, y[lane]);
        }
    }
    out[0] = uint32_t(x[0]) | (uint32_t(x[1]) << 16);
    out[1] = uint32_t(y[0]) | (uint32_t(y[1]) << 16);
}

} // namespace clgauge::ref
