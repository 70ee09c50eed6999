// CPU model of kernels/mad.cl: wrapping integer chains, bit for bit.
#pragma once
#include "reference/inputs.hpp"

#include <cstdint>

namespace clgauge::ref {

// The 32- and 64-bit kernels' two dependent chains, x then y, wrapping.
template <class Word> void mad_pair(Word x, Word y, Word c, uint64_t steps, uint64_t out[2]) {
    const Word nc = Word(0) - c;
    for (uint64_t i = 0; i < steps; ++i) {
        x = y * c + x;
        y = x * nc + y;
    }
    out[0] = x;
    out[1] = y;
}

inline void int32_mad(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    mad_pair<uint32_t>(rand(seed, gid, 0), rand(seed, gid, 1), rand(seed, 0, 16) | 1u, steps, out);
}

inline void int64_mad(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    const uint64_t x = (uint64_t(rand(seed, gid, 0)) << 32) | rand(seed, gid, 1);
    const uint64_t y = (uint64_t(rand(seed, gid, 2)) << 32) | rand(seed, gid, 3);
    const uint64_t c = ((uint64_t(rand(seed, 0, 16)) << 32) | rand(seed, 0, 17)) | 1u;
    mad_pair(x, y, c, steps, out);
}

inline void int16_mad(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    const uint32_t xr = rand(seed, gid, 0), yr = rand(seed, gid, 1);
    const uint32_t cr = rand(seed, 0, 16) | 0x00010001u;
    uint32_t xo = 0, yo = 0;
    for (int lane = 0; lane < 2; ++lane) {
        uint16_t x = uint16_t(xr >> (16 * lane)), y = uint16_t(yr >> (16 * lane));
        const uint16_t c = uint16_t(cr >> (16 * lane)), nc = uint16_t(0u - c);
        for (uint64_t i = 0; i < steps; ++i) {
            x = uint16_t(y * c + x);
            y = uint16_t(x * nc + y);
        }
        xo |= uint32_t(x) << (16 * lane);
        yo |= uint32_t(y) << (16 * lane);
    }
    out[0] = xo;
    out[1] = yo;
}

} // namespace clgauge::ref
