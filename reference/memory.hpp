// CPU model of kernels/memory.cl: the checksum each read work-item stores and the word each
// write kernel stores. Array words come from reference/mem_data.hpp (input stream 0).
#pragma once
#include "reference/mem_data.hpp"

#include <cstddef>
#include <cstdint>

namespace clgauge::ref {

// What a memory kernel was launched with: n units of `vec` words, `items` work-items.
struct MemLaunch {
    uint32_t seed = 0;
    size_t n = 0, items = 0;
    unsigned vec = 1, param = 0;
    size_t local = 1;  // work-group size: tiled kernels index by group
    unsigned tile = 0; // >0: a tiled coalesced kernel, `tile` units per work-item
};

// Coalesced read: item g sums units g, g + items, ... (all `vec` words of each); tiled,
// item l of group w sums units w * local * tile + j * local + l for j < tile.
inline uint64_t coalesced_read(const MemLaunch& l, size_t g) {
    uint32_t sum = 0;
    auto add_unit = [&](size_t u) {
        for (unsigned w = 0; w < l.vec; ++w)
            sum += mem_word(l.seed, uint32_t(u * l.vec + w), 0);
    };
    if (l.tile) {
        const size_t first = g / l.local * l.local * l.tile + g % l.local;
        for (size_t j = 0; j < l.tile; ++j)
            add_unit(first + j * l.local);
    } else {
        for (size_t u = g; u < l.n; u += l.items)
            add_unit(u);
    }
    return sum;
}

// Misaligned read: item g sums its own `param` consecutive words.
inline uint64_t misaligned_read(const MemLaunch& l, size_t g) {
    uint32_t sum = 0;
    for (size_t j = 0; j < l.param; ++j)
        sum += mem_word(l.seed, uint32_t(g * l.param + j), 0);
    return sum;
}

// Strided read: item g sums rows g, g + items, ... of every column of the n/param x param view.
inline uint64_t strided_read(const MemLaunch& l, size_t g) {
    const size_t rows = l.n / l.param;
    uint32_t sum = 0;
    for (size_t col = 0; col < l.param; ++col)
        for (size_t r = g; r < rows; r += l.items)
            sum += mem_word(l.seed, uint32_t(r * l.param + col), 0);
    return sum;
}

// Every write kernel stores the pattern of the word's index; copies store the input word.
inline uint64_t pattern_word(const MemLaunch& l, size_t word) {
    return mem_pattern(mem_key(l.seed), uint32_t(word));
}
inline uint64_t copied_word(const MemLaunch& l, size_t word) {
    return mem_word(l.seed, uint32_t(word), 0);
}

} // namespace clgauge::ref
