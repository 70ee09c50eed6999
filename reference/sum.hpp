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

inline void sum_sha256(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    uint32_t x = rand(seed, gid, 0), y = rand(seed, gid, 1);
    for (uint64_t i = 0; i < steps; ++i) {
        x = sha_sum0(x) + y;
        y = sha_sum1(y) + x;
    }
    out[0] = x;
    out[1] = y;
}

inline void sum_sbox(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t out[2]) {
    uint32_t x = rand(seed, gid, 0), y = rand(seed, gid, 1);
    for (uint64_t i = 0; i < steps; ++i) {
        x = sha_sbox(y) + x;
        y = sha_sbox(x) + y;
    }
    out[0] = x;
    out[1] = y;
}

} // namespace clgauge::ref
