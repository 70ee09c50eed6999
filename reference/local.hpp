// CPU model of kernels/local.cl: the wrapping uint sums of each work-item's walk over the ring.
#pragma once
#include "reference/inputs.hpp"

#include <bit>
#include <cstdint>

namespace clgauge::ref {

constexpr uint32_t kLocalRingElements = 1024; // CLG_LOCAL_N

// The bits of lane `lane` of ring element `e` with `lanes` floats per element.
inline uint32_t local_lane_bits(uint32_t seed, uint32_t e, uint32_t lane, uint32_t lanes) {
    return std::bit_cast<uint32_t>(float(rand(seed, e * lanes + lane, 0) & 0xffffu));
}

// Lane sums that start at `init` and add `steps` ring elements from element `from` on,
// wrapping; whole laps add the ring's total, so this costs one lap.
template <uint32_t Lanes>
void local_walk(uint32_t seed, uint32_t from, uint32_t init, uint64_t steps, uint64_t* out) {
    const uint32_t start = from % kLocalRingElements;
    const uint64_t laps = steps / kLocalRingElements, rest = steps % kLocalRingElements;
    for (uint32_t lane = 0; lane < Lanes; ++lane) {
        uint32_t lap = 0, part = 0;
        for (uint32_t t = 0; t < kLocalRingElements; ++t) {
            const uint32_t bits =
                local_lane_bits(seed, (start + t) % kLocalRingElements, lane, Lanes);
            lap += bits;
            if (t < rest) part += bits;
        }
        out[lane] = uint32_t(init + uint32_t(laps) * lap + part);
    }
}

// Work-item `gid` of local.read after `steps` steps: its walk starts at element gid.
template <uint32_t Lanes>
void local_read(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out) {
    local_walk<Lanes>(seed, gid, gid, steps, out);
}

// Work-item `gid` of the local-banks kernel (CLG_BANK_STRIDE, one float per element): lane
// gid mod 32 starts at word lane x stride.
inline void local_banks(uint32_t stride, uint32_t seed, uint32_t gid, uint64_t steps,
                        uint64_t* out) {
    local_walk<1>(seed, (gid % 32) * stride, gid, steps, out);
}

} // namespace clgauge::ref
