// CPU twin of kernels/include/clgauge_inputs.h: the inputs every kernel starts from.
#pragma once
#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t hash(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}
constexpr uint32_t rand(uint32_t seed, uint32_t item, uint32_t k) {
    return hash(hash(seed ^ (k * 0x9e3779b9u)) + item);
}
constexpr uint32_t f32_bits_2_4(uint32_t r) {
    return 0x40000000u | (r >> 9) | ((r & 1u) << 31);
}
constexpr uint32_t f32_bits_half_1(uint32_t r) {
    return 0x3f000000u | (r >> 9);
}
constexpr uint16_t f16_bits_2_4(uint32_t r) {
    return static_cast<uint16_t>(0x4000u | (r >> 22) | ((r & 1u) << 15));
}
constexpr uint16_t f16_bits_half_1(uint32_t r) {
    return static_cast<uint16_t>(0x3800u | (r >> 22));
}
constexpr uint64_t f64_mantissa(uint32_t hi, uint32_t lo) {
    return (uint64_t(hi) << 20) | uint64_t(lo >> 12);
}
constexpr uint64_t f64_bits_2_4(uint32_t hi, uint32_t lo) {
    return 0x4000000000000000ull | f64_mantissa(hi, lo) | (uint64_t(lo & 1u) << 63);
}
constexpr uint64_t f64_bits_half_1(uint32_t hi, uint32_t lo) {
    return 0x3fe0000000000000ull | f64_mantissa(hi, lo);
}

} // namespace clgauge::ref
