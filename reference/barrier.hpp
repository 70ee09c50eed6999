// CPU model of kernels/barrier.cl: what work-item i of a work-group of L holds after n steps,
// F^n(start of item (i + n) mod L), with F(x) = x * kMul + kAdd (mod 2^32).
#pragma once
#include "reference/inputs.hpp"

#include <cstddef>
#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t kBarrierMul = 0x2c1b3c6du, kBarrierAdd = 0x297a2d39u;

// x -> mul * x + add, composed by squaring: n steps cost O(log n).
struct Affine {
    uint32_t mul = 1, add = 0;
    constexpr uint32_t operator()(uint32_t x) const { return mul * x + add; }
    constexpr Affine then(Affine g) const { return {g.mul * mul, g.mul * add + g.add}; }
};
constexpr Affine affine_power(Affine f, uint64_t n) {
    Affine result;
    for (; n; n >>= 1, f = f.then(f))
        if (n & 1) result = result.then(f);
    return result;
}

// The word work-item `gid` stores after `steps` steps in work-groups of `local` items.
constexpr uint32_t barrier_word(uint32_t seed, size_t gid, size_t local, uint64_t steps) {
    const size_t first = gid - gid % local;
    const size_t source = first + (gid - first + steps % local) % local;
    return affine_power({kBarrierMul, kBarrierAdd}, steps)(rand(seed, uint32_t(source), 0));
}

} // namespace clgauge::ref
