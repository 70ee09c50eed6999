// CPU model of kernels/mma.cl: the element formats and their decoders, the deterministic tiles
// every MMA kernel starts from (the generator mirrors the kernel's bit for bit), and the
// accumulate chain each tile runs.
//
// Chain per tile: C = C0; repeat `pairs` times { C = A*B + C; C = A*NB + C }; C = A*B + C.
// Float formats: NB is B with every sign bit flipped, so C stays bounded for any length and,
// with the exact inputs below, C0 + A*B is exactly representable in every step (any
// accumulation order, rounding mode or accumulator width >= 13 bits gives the same bits).
// Integer formats: NB = B, so C = C0 + (2*pairs + 1) * A*B with int32 wrap-around, exactly.
// The fp8 kernels flip every sign of A, B and NB in some pairs; (-a)(-b) = ab bit for bit, so
// the chain below is theirs too.
#pragma once
#include "reference/half.hpp"
#include "reference/inputs.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace clgauge::ref::mma {

enum class Format { F16, BF16, TF32, E4M3, E5M2, E2M1, S8, S4, Ternary };

inline bool is_float(Format f) {
    return f != Format::S8 && f != Format::S4 && f != Format::Ternary;
}

// Element streams of a tile (the `which` of tile_rand); mirrored in kernels/mma.cl.
constexpr uint32_t kA = 0, kB = 1, kC = 2, kScaleA = 3, kScaleB = 4, kSparsity = 5;
constexpr uint32_t kMxBlock = 32; // E2M1 elements per shared E8M0 scale (OCP MX)

inline uint32_t tile_rand(uint32_t seed, uint32_t tile, uint32_t which, uint32_t r, uint32_t c) {
    return rand(seed, tile, (which << 24) | (r << 12) | c);
}
// Every fourth tile carries special values (zero, -0, max, min normal, Inf/NaN) in A.
inline bool special_tile(uint32_t tile) {
    return (tile & 3u) == 3u;
}

// Bit layout of a float element: sign bit position, stored mantissa bits, exponent bias.
struct FloatLayout {
    int sign_bit, mant_bits, bias;
};
inline FloatLayout layout(Format f) {
    switch (f) {
    case Format::F16:
        return {15, 10, 15};
    case Format::BF16:
        return {15, 7, 127};
    case Format::TF32:
        return {31, 23, 127}; // tf32 in a 32-bit word: the low 13 mantissa bits are ignored
    case Format::E4M3:
        return {7, 3, 7};
    case Format::E5M2:
        return {7, 2, 15};
    case Format::E2M1:
        return {3, 1, 1};
    default:
        return {0, 0, 0};
    }
}
inline uint32_t sign_mask(Format f) {
    return is_float(f) ? 1u << layout(f).sign_bit : 0u;
}

// The special values a special tile puts into A, one per row.
inline std::vector<uint32_t> special_values(Format f) {
    switch (f) {
    case Format::F16: // 0, -0, +-max, +-min normal, +-Inf, NaN
        return {0x0000, 0x8000, 0x7bff, 0xfbff, 0x0400, 0x8400, 0x7c00, 0xfc00, 0x7e00};
    case Format::BF16:
        return {0x0000, 0x8000, 0x7f7f, 0xff7f, 0x0080, 0x8080, 0x7f80, 0xff80, 0x7fc0};
    case Format::TF32:
        return {0x00000000, 0x80000000, 0x7f7fe000, 0xff7fe000, 0x00800000,
                0x80800000, 0x7f800000, 0xff800000, 0x7fc00000};
    case Format::E4M3: // no Inf; S.1111.111 is NaN
        return {0x00, 0x80, 0x7e, 0xfe, 0x08, 0x88, 0x7f};
    case Format::E5M2:
        return {0x00, 0x80, 0x7b, 0xfb, 0x04, 0x84, 0x7c, 0xfc, 0x7e};
    case Format::E2M1: // no Inf/NaN; 0x1 is the subnormal 0.5
        return {0x0, 0x8, 0x7, 0xf, 0x2, 0xa, 0x1};
    default:
        return {};
    }
}

// An exactly representable value: 0 (1 in 8, either sign) or +-{1, 1.5} * 2^{0, 1}, shifted
// by 2^shift. Products are multiples of 2^(2*shift-2) below 9*2^(2*shift).
inline uint32_t normal_bits(Format f, uint32_t rnd, int shift) {
    const FloatLayout l = layout(f);
    const uint32_t sign = ((rnd >> 3) & 1u) << l.sign_bit;
    if ((rnd & 7u) == 0) return sign;
    const uint32_t e = (rnd >> 4) & 1u, sig = (rnd >> 5) & 1u;
    // tf32 words carry junk in the 13 bits the format ignores, so truncation is exercised.
    const uint32_t junk = f == Format::TF32 ? (rnd >> 16) & 0x1fffu : 0u;
    return sign | (uint32_t(l.bias + int(e) + shift) << l.mant_bits) | (sig << (l.mant_bits - 1)) |
           junk;
}

// Bits of element (r, c) of A (r = row m, c = k) or B (r = k, c = column n); `k_dim` is the
// tile's K. Float elements are format bits; S8/S4 two's complement; ternary 1 = +1, 2 = -1.
inline uint32_t element_bits(Format f, uint32_t seed, uint32_t tile, uint32_t which, uint32_t r,
                             uint32_t c, uint32_t k_dim) {
    const uint32_t rnd = tile_rand(seed, tile, which, r, c);
    switch (f) {
    case Format::S8:
        return rnd & 0xffu;
    case Format::S4:
        return rnd & 0xfu;
    case Format::Ternary: {
        const uint32_t t = rnd & 3u;
        return t == 3u ? 0u : t;
    }
    default:
        break;
    }
    if (special_tile(tile) && which == kA && c == (r * 5u + tile) % k_dim) {
        const auto sv = special_values(f);
        return sv[(rnd >> 8) % sv.size()];
    }
    // In special tiles B is scaled down (except E2M1, which has no 0.25), so max * b cannot
    // overflow fp32 for the 8-bit-exponent formats.
    const int shift = (special_tile(tile) && which == kB && f != Format::E2M1) ? -2 : 0;
    return normal_bits(f, rnd, shift);
}

// Structured sparsity (the sparse tiles): each chunk of an A row keeps half its elements, the
// choice drawn per (row, chunk); the rest are zeros that a sparse MMA never reads. 2:4 (four
// elements a chunk, two kept: the six pairs) but for tf32, 1:2 (two elements, one kept). A
// chunk's choice is the metadata nibble of the PTX ISA: two 2-bit indices, first in bits 0-1,
// in 16-bit units, so tf32's element 0 is 0x4 (halves 0 and 1) and element 1 is 0xe.
constexpr uint32_t kSparseNibbles[6] = {0x4, 0x8, 0xc, 0x9, 0xd, 0xe};
inline uint32_t sparse_chunk_elements(Format f) {
    return f == Format::TF32 ? 2 : 4;
}
inline uint32_t sparse_nibble(Format f, uint32_t seed, uint32_t tile, uint32_t row,
                              uint32_t chunk) {
    const uint32_t r = tile_rand(seed, tile, kSparsity, row, chunk);
    return f == Format::TF32 ? (r & 1u ? 0xeu : 0x4u) : kSparseNibbles[r % 6u];
}
inline bool sparse_kept(Format f, uint32_t seed, uint32_t tile, uint32_t row, uint32_t k) {
    const uint32_t per = sparse_chunk_elements(f);
    const uint32_t nib = sparse_nibble(f, seed, tile, row, k / per);
    if (f == Format::TF32) return ((nib & 3u) >> 1) == k % 2;
    return (nib & 3u) == k % 4 || (nib >> 2) == k % 4;
}

// E8M0 shared scale of A row r / B column c for K block kb (E2M1 only).
inline uint32_t scale_bits(uint32_t seed, uint32_t tile, uint32_t which, uint32_t rc, uint32_t kb) {
    if (special_tile(tile) && which == kScaleA && rc == 1) return 0xffu; // NaN scale
    return 126u + tile_rand(seed, tile, which, rc, kb) % 3u;
}

// Initial accumulator: a multiple of 1/4 in [-128, 128) for floats, any int32 for integers.
inline uint32_t c0_bits(Format f, uint32_t seed, uint32_t tile, uint32_t m, uint32_t n) {
    const uint32_t rnd = tile_rand(seed, tile, kC, m, n);
    if (!is_float(f)) return rnd;
    return std::bit_cast<uint32_t>(float(int(rnd & 1023u) - 512) * 0.25f);
}

// ---- decoders ----
inline double decode_e4m3(uint32_t b) {
    const int s = (b >> 7) & 1, e = (b >> 3) & 15, m = b & 7;
    double v;
    if (e == 15 && m == 7)
        v = std::numeric_limits<double>::quiet_NaN();
    else if (e == 0)
        v = std::ldexp(double(m), -9);
    else
        v = std::ldexp(double(8 + m), e - 10);
    return s ? -v : v;
}
inline double decode_e5m2(uint32_t b) {
    return half_to_double(uint16_t(b << 8)); // E5M2 is the top byte of binary16
}
inline double decode_e2m1(uint32_t b) {
    static constexpr double kValues[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    const double v = kValues[b & 7];
    return (b & 8) ? -v : v;
}
inline double decode_e8m0(uint32_t s) {
    return s == 0xff ? std::numeric_limits<double>::quiet_NaN() : std::ldexp(1.0, int(s) - 127);
}
inline double decode_tf32(uint32_t b) {
    return std::bit_cast<float>(b & 0xffffe000u); // truncation: the low 13 bits do not count
}
inline double decode_bf16(uint32_t b) {
    return std::bit_cast<float>(b << 16);
}
// Value of an element's bits (without the E2M1 shared scale).
inline double decode(Format f, uint32_t b) {
    switch (f) {
    case Format::F16:
        return half_to_double(uint16_t(b));
    case Format::BF16:
        return decode_bf16(b);
    case Format::TF32:
        return decode_tf32(b);
    case Format::E4M3:
        return decode_e4m3(b);
    case Format::E5M2:
        return decode_e5m2(b);
    case Format::E2M1:
        return decode_e2m1(b);
    case Format::S8:
        return double(int8_t(uint8_t(b)));
    case Format::S4:
        return double(int(b & 0xf) - ((b & 8) ? 16 : 0));
    case Format::Ternary:
        return b == 1 ? 1.0 : b == 2 ? -1.0 : 0.0;
    }
    return 0;
}

struct Shape {
    uint32_t m = 16, n = 8, k = 16; // k: the logical K, zeros of a sparse A included
    bool sparse = false;            // half of each chunk of A is zeros (sparse_kept)
};

// Units of the fp32 accumulation a device may use, for the error bound of special tiles:
// fp8 tensor-core MMAs on Hopper keep only about 14 bits while accumulating (reported in the
// DeepSeek-V3 technical report), everything else at least fp32 with truncation.
inline double accumulation_unit(Format f) {
    return (f == Format::E4M3 || f == Format::E5M2) ? std::ldexp(1.0, -12) : std::ldexp(1.0, -22);
}

// Expected C of one tile after the chain (2*pairs + 1 MMAs), row-major, as 32-bit words;
// bound[i] is the allowed |device - expected| (0: exact) for float formats.
inline void tile_reference(Format f, const Shape& s, uint32_t seed, uint32_t tile, uint64_t pairs,
                           uint32_t* out, double* bound) {
    const uint32_t K = s.k;
    std::vector<double> a(size_t(s.m) * K), b(size_t(K) * s.n);
    for (uint32_t m = 0; m < s.m; ++m)
        for (uint32_t k = 0; k < K; ++k) {
            double v = decode(f, element_bits(f, seed, tile, kA, m, k, K));
            if (f == Format::E2M1)
                v *= decode_e8m0(scale_bits(seed, tile, kScaleA, m, k / kMxBlock));
            if (s.sparse && !sparse_kept(f, seed, tile, m, k)) v = 0;
            a[size_t(m) * K + k] = v;
        }
    for (uint32_t k = 0; k < K; ++k)
        for (uint32_t n = 0; n < s.n; ++n) {
            double v = decode(f, element_bits(f, seed, tile, kB, k, n, K));
            if (f == Format::E2M1)
                v *= decode_e8m0(scale_bits(seed, tile, kScaleB, n, k / kMxBlock));
            b[size_t(k) * s.n + n] = v;
        }
    const uint64_t mmas = 2 * pairs + 1;
    for (uint32_t m = 0; m < s.m; ++m) {
        for (uint32_t n = 0; n < s.n; ++n) {
            const size_t i = size_t(m) * s.n + n;
            const uint32_t c0 = c0_bits(f, seed, tile, m, n);
            if (!is_float(f)) {
                int64_t p = 0;
                for (uint32_t k = 0; k < K; ++k)
                    p += int64_t(a[size_t(m) * K + k]) * int64_t(b[size_t(k) * s.n + n]);
                out[i] = uint32_t(uint64_t(c0) + uint64_t(p) * mmas);
                bound[i] = 0;
                continue;
            }
            double p = 0, mag = 0;
            for (uint32_t k = 0; k < K; ++k) {
                const double t = a[size_t(m) * K + k] * b[size_t(k) * s.n + n];
                p += t;
                mag += std::fabs(t);
            }
            // Each MMA rounds once (the exact sum, then fp32). The pair map is applied to c
            // until it repeats a state; the rest of a long chain follows from the cycle.
            float c = std::bit_cast<float>(c0);
            std::vector<uint32_t> seen{std::bit_cast<uint32_t>(c)};
            for (uint64_t j = 0; j < pairs; ++j) {
                const float up = float(double(c) + p);
                c = float(double(up) - p);
                if (seen.size() > 256) continue; // no short cycle: step through the chain
                const uint32_t cb = std::bit_cast<uint32_t>(c);
                size_t h = 0;
                while (h < seen.size() && seen[h] != cb)
                    ++h;
                if (h < seen.size()) { // state j + 1 == state h: a cycle of length j + 1 - h
                    const uint64_t period = j + 1 - h, left = pairs - (j + 1);
                    c = std::bit_cast<float>(seen[h + size_t(left % period)]);
                    break;
                }
                seen.push_back(cb); // seen[i] is the state after i pairs
            }
            const float r = float(double(c) + p);
            out[i] = std::bit_cast<uint32_t>(r);
            if (!special_tile(tile)) {
                bound[i] = 0;
            } else {
                const double c0v = std::fabs(double(std::bit_cast<float>(c0)));
                const double terms = double(mmas) * double(K + 2);
                bound[i] = terms * (accumulation_unit(f) * (c0v + 2 * mag) +
                                    2 * double(std::numeric_limits<float>::min()));
            }
        }
    }
}

// Operations one MMA of this shape counts: a multiply and an add per (m, n, k) the hardware
// performs; a sparse MMA skips the zero half of A (a data sheet's "sparse" figure counts them).
inline double ops_per_mma(const Shape& s) {
    return 2.0 * s.m * s.n * s.k / (s.sparse ? 2 : 1);
}

} // namespace clgauge::ref::mma
