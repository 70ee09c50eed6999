// CPU model of kernels/constant.cl: the constant words and each work-item's folded value.
#pragma once
#include "reference/inputs.hpp"

#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t kConstantWords = 4096; // 16 KiB: within every device's 64 KiB minimum

constexpr uint32_t constant_word(uint32_t seed, uint32_t index) {
    return rand(seed, index, 5);
}

// Step s reads word (s + offset) mod kConstantWords; offset 33 * gid when Divergent.
template <bool Divergent>
void constant_fold(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out) {
    const uint32_t offset = Divergent ? gid * 33u : 0u;
    uint32_t acc = rand(seed, gid, 0);
    for (uint64_t s = 0; s < steps; ++s)
        acc =
            acc * 0x01000193u + constant_word(seed, (uint32_t(s) + offset) & (kConstantWords - 1));
    out[0] = acc;
}

} // namespace clgauge::ref
