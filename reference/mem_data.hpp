// CPU twin of kernels/include/clgauge_memory.h: what the memory and transfer families' arrays
// hold and what their write kernels must store.
#pragma once
#include "reference/inputs.hpp"

#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t mem_word(uint32_t seed, uint32_t i, uint32_t k) {
    return rand(seed, i, k);
}
constexpr uint32_t mem_f32_bits(uint32_t seed, uint32_t i, uint32_t k) {
    return 0x3f800000u | (rand(seed, i, k) >> 9);
}
constexpr uint64_t mem_f64_bits(uint32_t seed, uint32_t i, uint32_t k) {
    return 0x3ff0000000000000ull | f64_mantissa(rand(seed, i, k), rand(seed, i, k + 8u));
}
constexpr uint32_t mem_key(uint32_t seed) {
    return hash(seed ^ 0x51ed270bu);
}
constexpr uint32_t mem_pattern(uint32_t key, uint32_t i) {
    return (i * 0x9e3779b9u) ^ key;
}

} // namespace clgauge::ref
