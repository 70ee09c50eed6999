// CPU model of kernels/sum.cl: SHA-256's Sum0 / Sum1 and the Sbox, bit for bit.
#pragma once
#include "reference/inputs.hpp"

#include <bit>
#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t sha_sum0(uint32_t x) {
    return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22);
}
constexpr uint32_t sha_sum1(uint32_t x) {
    return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25);
}
constexpr uint32_t sha_sbox(uint32_t x) {
    return x ^ (std::rotl(~x, 1) & std::rotl(x, 2));
}

// Both kernels step two dependent words, x then y, from the item's first two inputs.
template <class Step>
void two_word_chain(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2], Step step) {
    uint32_t x = rand(seed, gid, 0), y = rand(seed, gid, 1);
    for (uint64_t i = 0; i < steps; ++i)
        step(x, y);
    out[0] = x;
    out[1] = y;
}

inline void sum_sha256(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    two_word_chain(seed, gid, steps, out, [](uint32_t& x, uint32_t& y) {
        x = sha_sum0(x) + y;
        y = sha_sum1(y) + x;
    });
}

inline void sum_sbox(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    two_word_chain(seed, gid, steps, out, [](uint32_t& x, uint32_t& y) {
        x = sha_sbox(y) + x;
        y = sha_sbox(x) + y;
    });
}

} // namespace clgauge::ref
