// CPU model of kernels/mod.cl: reduction modulo Proth primes P = A * 2^16 + 1 on the hi/lo
// short split, bit for bit; and, independently, the same chain as plain 64-bit modular
// arithmetic, which the device's words must stay congruent to.
#pragma once
#include "reference/inputs.hpp"

#include <cstddef>
#include <cstdint>

namespace clgauge::ref {

// A * 2^16 + 1 is prime for each. A < 32767 keeps every intermediate value inside int32
// (|x| <= 65535 * A + 65536), so the kernel never overflows.
constexpr int32_t kProthA[4] = {1023, 5005, 16441, 32745};
constexpr int64_t proth_prime(int32_t a) {
    return int64_t(a) * 65536 + 1;
}

// Unrolled steps per repeat (the kernel's CLG_STEPS). The input buffer holds the period of
// kModPeriod words, repeated so that a repeat reads kModSteps consecutive words from an
// offset that moves every repeat: in[j] = mod_input(seed, j).
constexpr unsigned kModSteps = 128;
constexpr uint32_t kModPeriod = 256;
constexpr size_t kModInputWords = kModPeriod + kModSteps;

constexpr uint32_t mod_input(uint32_t seed, uint32_t index) {
    return rand(seed, index % kModPeriod, 24);
}
// The word step `s` of work-item `gid` reads.
constexpr uint32_t mod_word(uint32_t seed, uint32_t gid, uint64_t s) {
    const uint32_t repeat = uint32_t(s / kModSteps), i = uint32_t(s % kModSteps);
    return mod_input(seed, ((gid + 7u * repeat) & (kModPeriod - 1)) + i);
}
constexpr int32_t mod_lo16(uint32_t w) {
    return int32_t(int16_t(uint16_t(w)));
}
constexpr int32_t mod_hi16(uint32_t w) {
    return int32_t(int16_t(uint16_t(w >> 16)));
}

// hi(x) - lo(x) * A, with hi signed and lo unsigned: x = hi * 2^16 + lo, and A * 2^16 = -1
// (mod P), so the result is congruent to -A * x.
constexpr int32_t proth_step(int32_t x, int32_t a) {
    return mod_hi16(uint32_t(x)) - int32_t(uint32_t(x) & 0xffffu) * a;
}

struct ModStart {
    int32_t x, y, ax, ay;
};
constexpr ModStart mod_start(uint32_t seed, uint32_t gid) {
    return {mod_lo16(rand(seed, gid, 0)), mod_lo16(rand(seed, gid, 1)), kProthA[gid & 3],
            kProthA[(gid + 2) & 3]};
}

// Per step one 32-bit word d = (d0, d1) from memory feeds two chains, as the seed's loop:
// x += d0; x = proth(x); x += d1; x = proth(x); and y the same with d1 first, its own prime.
inline void mod_proth(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    ModStart st = mod_start(seed, gid);
    for (uint64_t s = 0; s < steps; ++s) {
        const uint32_t w = mod_word(seed, gid, s);
        const int32_t d0 = mod_lo16(w), d1 = mod_hi16(w);
        st.x = proth_step(st.x + d0, st.ax);
        st.x = proth_step(st.x + d1, st.ax);
        st.y = proth_step(st.y + d1, st.ay);
        st.y = proth_step(st.y + d0, st.ay);
    }
    out[0] = uint32_t(st.x);
    out[1] = uint32_t(st.y);
}

// The residues of the same chain modulo P in plain 64-bit arithmetic: z = (z + d) * (P - A).
inline void mod_proth_residues(uint32_t seed, uint32_t gid, uint64_t steps, int64_t res[2]) {
    const ModStart st = mod_start(seed, gid);
    const int64_t px = proth_prime(st.ax), py = proth_prime(st.ay);
    auto norm = [](int64_t v, int64_t p) { return ((v % p) + p) % p; };
    int64_t zx = norm(st.x, px), zy = norm(st.y, py);
    for (uint64_t s = 0; s < steps; ++s) {
        const uint32_t w = mod_word(seed, gid, s);
        const int64_t d0 = mod_lo16(w), d1 = mod_hi16(w);
        zx = norm((zx + d0) * (px - st.ax), px);
        zx = norm((zx + d1) * (px - st.ax), px);
        zy = norm((zy + d1) * (py - st.ay), py);
        zy = norm((zy + d0) * (py - st.ay), py);
    }
    res[0] = zx;
    res[1] = zy;
}

// Cross-check of stored words: each must be congruent to its 64-bit residue modulo its P.
inline bool mod_proth_congruent(uint32_t seed, uint32_t gid, uint64_t steps, const uint64_t* got) {
    int64_t res[2];
    mod_proth_residues(seed, gid, steps, res);
    const ModStart st = mod_start(seed, gid);
    const int64_t p[2] = {proth_prime(st.ax), proth_prime(st.ay)};
    for (int k = 0; k < 2; ++k) {
        const int64_t v = int32_t(uint32_t(got[k]));
        if (((v % p[k]) + p[k]) % p[k] != res[k]) return false;
    }
    return true;
}

} // namespace clgauge::ref
