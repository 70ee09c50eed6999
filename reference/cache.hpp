// CPU model of kernels/cache.cl: the four float sums work-item `gid` stores after its walk over
// the window. The walk is periodic (n / gcd(jump, n) steps), so a check costs at most one
// period of steps whatever the launch's length.
#pragma once
#include "reference/inputs.hpp"

#include <bit>
#include <cstdint>
#include <numeric>

namespace clgauge::ref {

constexpr uint32_t kCacheRow = 32;                         // CLG_ROW: elements per row
constexpr uint32_t kCacheUnroll = 8;                       // CLG_UNROLL: rows per chunk
constexpr uint32_t kCacheChunk = kCacheRow * kCacheUnroll; // elements a step reads per item
// Steps x rows x the largest element plus the start (gid & 0xffff) stay below 2^24, where
// every whole number is a float: the harness keeps a launch's steps at most this.
constexpr uint64_t kCacheMaxSteps = 131072;
static_assert(0xffff + kCacheMaxSteps * kCacheUnroll * 15 < (1u << 24));

// Lane `lane` of element `e`: a whole number 0..15 (clg_cache_lane).
constexpr uint32_t cache_lane(uint32_t seed, uint32_t e, uint32_t lane) {
    return rand(seed, e * 4 + lane, 9) & 15u;
}

// One launch of cache_read: its arguments, the work-group size and the steps each item took.
struct CacheLaunch {
    uint32_t seed = 0;
    uint32_t n = 0, jump = 0, phase = 0; // elements (float4)
    uint32_t local = 0;
    uint64_t steps = 0;
};

// The float bits of work-item gid's four lane sums.
inline void cache_read(const CacheLaunch& l, uint64_t gid, uint32_t* out) {
    const uint64_t group = gid / l.local, lid = gid % l.local;
    const uint64_t first = group * l.phase + (lid / kCacheRow) * kCacheChunk;
    const uint32_t lane = uint32_t(lid % kCacheRow);
    const uint32_t cur0 = uint32_t(first % l.n);
    const uint64_t period = l.n / std::gcd(l.jump, l.n);
    const uint64_t laps = l.steps / period, rest = l.steps % period;
    uint64_t lap[4] = {}, part[4] = {};
    uint32_t cur = cur0;
    for (uint64_t t = 0; t < (laps ? period : rest); ++t) {
        for (uint32_t u = 0; u < kCacheUnroll; ++u) {
            const uint32_t e = cur + lane + u * kCacheRow;
            for (uint32_t k = 0; k < 4; ++k) {
                const uint32_t v = cache_lane(l.seed, e, k);
                lap[k] += v;
                if (t < rest) part[k] += v;
            }
        }
        cur += l.jump;
        if (cur >= l.n) cur -= l.n;
    }
    for (uint32_t k = 0; k < 4; ++k) {
        const uint64_t sum = (gid & 0xffff) + laps * lap[k] + part[k];
        out[k] = std::bit_cast<uint32_t>(float(sum));
    }
}

} // namespace clgauge::ref
