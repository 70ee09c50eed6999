// CPU model of kernels/barrier.cl: what work-item i of a work-group of L holds after n steps,
// F_i(F_{i+1}(... F_{i+n-1}(start of item (i + n) mod L))), positions mod L, with
// F_k(x) = x * kBarrierMul + A_k (mod 2^32) and A_k drawn per position k.
#pragma once
#include "reference/inputs.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clgauge::ref {

constexpr uint32_t kBarrierMul = 0x2c1b3c6du;

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

// F_pos: the map work-item `pos` of a work-group applies to the value it reads.
constexpr Affine barrier_step(uint32_t seed, size_t pos) {
    return {kBarrierMul, rand(seed, uint32_t(pos), 1)};
}

// The maps the value item `pos` holds after `steps` steps went through: items pos + steps - 1,
// ..., pos + 1, pos read it in turn (positions mod `local`). Whole laps of the ring repeat
// one map, so this costs O(local + log steps).
inline Affine barrier_path(uint32_t seed, size_t pos, size_t local, uint64_t steps) {
    const uint64_t laps = steps / local;
    const size_t rest = size_t(steps % local);
    Affine path;
    if (laps) {
        Affine lap; // items pos + rest + local - 1 down to pos + rest
        for (size_t t = local; t-- > 0;)
            lap = lap.then(barrier_step(seed, (pos + rest + t) % local));
        path = affine_power(lap, laps);
    }
    for (size_t t = rest; t-- > 0;)
        path = path.then(barrier_step(seed, (pos + t) % local));
    return path;
}

// barrier_path of every position of a work-group: a launch's check computes them once.
inline std::vector<Affine> barrier_paths(uint32_t seed, size_t local, uint64_t steps) {
    std::vector<Affine> paths(local);
    for (size_t pos = 0; pos < local; ++pos)
        paths[pos] = barrier_path(seed, pos, local, steps);
    return paths;
}

// The item whose start value work-item `gid` holds after `steps` steps.
constexpr size_t barrier_source(size_t gid, size_t local, uint64_t steps) {
    const size_t first = gid - gid % local;
    return first + size_t((gid - first + steps % local) % local);
}

// The word work-item `gid` stores after `steps` steps in work-groups of `local` items, given
// the map of its position (barrier_path).
constexpr uint32_t barrier_word(uint32_t seed, size_t gid, size_t local, uint64_t steps,
                                Affine path) {
    return path(rand(seed, uint32_t(barrier_source(gid, local, steps)), 0));
}

} // namespace clgauge::ref
