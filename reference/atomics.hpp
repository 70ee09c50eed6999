// CPU model of kernels/atomics.cl: each work-item's increment, the words the counters start
// from, and what a counter holds after a number of increments.
#pragma once
#include "reference/inputs.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace clgauge::ref {

enum class AtomicWord { U32, U64, F32 };

// What work-item `gid` adds every step (kernels/atomics.cl clg_atomic_inc).
constexpr uint32_t atomic_increment(AtomicWord w, uint32_t seed, uint32_t gid) {
    return (rand(seed, gid, 1) & (w == AtomicWord::F32 ? 3u : 15u)) + 1u;
}

// The bits of output word `index` before a launch. 64-bit words start 256 or less below a
// multiple of 2^32, so the first additions carry into the high half (a 32-bit add fails);
// floats start at small integers.
constexpr uint64_t atomic_start(AtomicWord w, uint32_t seed, size_t index) {
    const uint32_t r = rand(seed, uint32_t(index), 2);
    switch (w) {
    case AtomicWord::U32:
        return r;
    case AtomicWord::U64:
        return (uint64_t(r) << 32) | (0xffffff00u | (rand(seed, uint32_t(index), 3) & 0xffu));
    case AtomicWord::F32:
        return std::bit_cast<uint32_t>(float(r & 0xffu));
    }
    return 0;
}

// The bits of a word that started as `start` after `added` was added to it: modulo 2^32 or
// 2^64; floats exactly (the harness keeps every partial sum below 2^24).
constexpr uint64_t atomic_after(AtomicWord w, uint64_t start, uint64_t added) {
    switch (w) {
    case AtomicWord::U32:
        return uint32_t(start + added);
    case AtomicWord::U64:
        return start + added;
    case AtomicWord::F32:
        return std::bit_cast<uint32_t>(
            float(double(std::bit_cast<float>(uint32_t(start))) + double(added)));
    }
    return 0;
}

// The largest sum a float counter may reach and stay exact.
constexpr uint64_t kExactFloatSum = (uint64_t(1) << 24) - 256;

// The counter of atomic_cmpxchg_tickets starts here; tickets count up from it.
constexpr uint32_t ticket_start(uint32_t seed) {
    return rand(seed, 0, 2);
}

} // namespace clgauge::ref
