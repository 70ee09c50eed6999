// CPU model of kernels/block.cl. Work-group g's lane j reads word j of blocks g, g + groups,
// ... of L words: with items = groups * L that is unit t = g * L + j, t + items, ... of a
// one-word coalesced read, so the checksums are reference/memory.hpp's coalesced_read with
// vec = 1, and the block write stores the same pattern words as every write kernel.
#pragma once
#include "reference/memory.hpp"

namespace clgauge::ref {

inline uint64_t block_read(const MemLaunch& l, size_t item) {
    return coalesced_read(l, item);
}
inline uint64_t block_written_word(const MemLaunch& l, size_t word) {
    return pattern_word(l, word);
}

} // namespace clgauge::ref
