// CPU model of kernels/launch.cl: the word launch `slot` stores.
#pragma once
#include "reference/inputs.hpp"

namespace clgauge::ref {

constexpr uint32_t launch_word(uint32_t seed, uint32_t slot) {
    return rand(seed, slot, 0);
}

} // namespace clgauge::ref
