// CPU model of kernels/subgroup.cl: the same chains, replayed one sub-group at a time from the
// lane map the device recorded (which work-item is which lane of which sub-group).
// Sizes are whatever the device used: vectors, never fixed lane masks.
#pragma once
#include "reference/inputs.hpp"

#include <bit>
#include <cstdint>
#include <vector>

namespace clgauge::ref::subgroup {

constexpr uint32_t kM1 = 0x2c9277b5u;
constexpr uint32_t kM2 = 0x9e3779b1u;

// One sub-group as the device formed it.
struct SubGroup {
    uint32_t group = 0;        // work-group id
    uint32_t id = 0;           // sub-group id within the work-group
    uint32_t max_size = 0;     // the launch's maximum sub-group size
    uint32_t region = 0;       // first word of its block I/O region (2 * max_size words)
    std::vector<uint32_t> gid; // global id of each lane, by lane; size() = sub-group size
    uint32_t size() const { return static_cast<uint32_t>(gid.size()); }
};

constexpr uint32_t pick(uint32_t r, uint32_t n) {
    return static_cast<uint32_t>((uint64_t(r) * n) >> 32);
}
inline float exact_f32(uint32_t r) {
    return static_cast<float>(int32_t(r >> 20) - 2048) * 0x1p-8f;
}
constexpr uint32_t block_offset(uint32_t t, uint32_t max_size) {
    return pick(t * 0x9e3779b9u, max_size / 4u + 1u) * 4u;
}
constexpr uint32_t write_offset(uint32_t t, uint32_t max_size) {
    return pick(t * 0x9e3779b9u, 2u) * max_size;
}
constexpr uint32_t rotl(uint32_t x, int r) {
    return std::rotl(x, r);
}
constexpr uint32_t pow2_at_least(uint32_t n) {
    uint32_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

// Each function writes the words that lane k of `g` stores at out[k * words + w].

// Every lane's first input word, where its chain starts.
inline std::vector<uint32_t> first_words(uint32_t seed, const SubGroup& g) {
    std::vector<uint32_t> x(g.size());
    for (uint32_t k = 0; k < g.size(); ++k)
        x[k] = rand(seed, g.gid[k], 0);
    return x;
}

// sg_broadcast: 2 words per lane (x, y).
inline void broadcast(uint32_t seed, uint64_t steps, const SubGroup& g, uint32_t* out) {
    const uint32_t n = g.size();
    std::vector<uint32_t> x(n), y(n);
    for (uint32_t k = 0; k < n; ++k) {
        x[k] = rand(seed, g.gid[k], 0);
        y[k] = 0x3f800000u | (rand(seed, g.gid[k], 1) >> 9);
    }
    uint32_t b = rand(seed, 0, 16);
    for (uint64_t t = 0; t < steps; ++t) {
        b = x[pick(b, n)];
        const uint32_t f = y[pick(b * kM2, n)];
        for (uint32_t k = 0; k < n; ++k) {
            x[k] = x[k] * kM1 + rotl(b, 13);
            y[k] = 0x3f800000u | ((y[k] * kM1 + rotl(f, 13)) >> 9);
        }
    }
    for (uint32_t k = 0; k < n; ++k) {
        out[k * 2 + 0] = x[k];
        out[k * 2 + 1] = y[k];
    }
}

// sg_reduce_add: 3 words per lane (u, v, bits of the last f32 sum). The f32 values are
// exact in any summation order, so lane order is as good as the device's.
inline void reduce_add(uint32_t seed, uint64_t steps, const SubGroup& g, uint32_t* out) {
    const uint32_t n = g.size();
    std::vector<uint32_t> u(n), v(n);
    std::vector<float> f(n);
    for (uint32_t k = 0; k < n; ++k) {
        u[k] = rand(seed, g.gid[k], 0);
        v[k] = rand(seed, g.gid[k], 1);
        f[k] = exact_f32(rand(seed, g.gid[k], 2));
    }
    float sf = 0.0f;
    for (uint64_t t = 0; t < steps; ++t) {
        uint32_t su = 0, si = 0;
        sf = f[0];
        for (uint32_t k = 0; k < n; ++k) {
            su += u[k];
            si += v[k];
            if (k > 0) sf += f[k];
        }
        for (uint32_t k = 0; k < n; ++k) {
            u[k] = u[k] * kM1 + rotl(su, 13);
            v[k] = v[k] * kM2 + rotl(si, 17);
            f[k] = exact_f32((std::bit_cast<uint32_t>(sf) * kM1) ^ u[k]);
        }
    }
    for (uint32_t k = 0; k < n; ++k) {
        out[k * 3 + 0] = u[k];
        out[k * 3 + 1] = v[k];
        out[k * 3 + 2] = std::bit_cast<uint32_t>(sf);
    }
}

// sg_shuffle: 1 word per lane.
inline void shuffle(uint32_t seed, uint64_t steps, const SubGroup& g, uint32_t* out) {
    const uint32_t n = g.size();
    std::vector<uint32_t> x = first_words(seed, g), next(n);
    for (uint64_t t = 0; t < steps; ++t) {
        for (uint32_t k = 0; k < n; ++k)
            next[k] = x[k] * kM1 + rotl(x[pick(x[k], n)], 13);
        x.swap(next);
    }
    for (uint32_t k = 0; k < n; ++k)
        out[k] = x[k];
}

// sg_shuffle_xor: 1 word per lane; a lane without a partner takes ~x.
inline void shuffle_xor(uint32_t seed, uint64_t steps, const SubGroup& g, uint32_t* out) {
    const uint32_t n = g.size();
    const uint32_t span = pow2_at_least(n);
    std::vector<uint32_t> x = first_words(seed, g), next(n);
    uint32_t m = rand(seed, 0, 17);
    for (uint64_t t = 0; t < steps; ++t) {
        m = (m * 5u + 3u) & (span - 1u);
        for (uint32_t k = 0; k < n; ++k)
            next[k] = x[k] * kM1 + rotl((k ^ m) < n ? x[k ^ m] : ~x[k], 13);
        x.swap(next);
    }
    for (uint32_t k = 0; k < n; ++k)
        out[k] = x[k];
}

// sg_block_read: 1 word per lane; `in` is the whole input buffer.
inline void block_read(uint32_t seed, uint64_t steps, const SubGroup& g,
                       const std::vector<uint32_t>& in, uint32_t* out) {
    const uint32_t n = g.size();
    std::vector<uint32_t> x = first_words(seed, g);
    for (uint64_t t = 0; t < steps; ++t) {
        const uint32_t o = block_offset(static_cast<uint32_t>(t), g.max_size);
        for (uint32_t k = 0; k < n; ++k)
            x[k] = x[k] * kM1 + in[g.region + o + k];
    }
    for (uint32_t k = 0; k < n; ++k)
        out[k] = x[k];
}

// sg_block_write: replays the sub-group's writes into `mem`, the whole output buffer as the
// host initialised it (regions of different sub-groups are disjoint).
inline void block_write(uint32_t seed, uint64_t steps, const SubGroup& g,
                        std::vector<uint32_t>& mem) {
    const uint32_t n = g.size();
    std::vector<uint32_t> x = first_words(seed, g);
    for (uint64_t t = 0; t < steps; ++t) {
        const uint32_t o = write_offset(static_cast<uint32_t>(t), g.max_size);
        for (uint32_t k = 0; k < n; ++k) {
            mem[g.region + o + k] = x[k];
            x[k] = x[k] * kM1 + kM2;
        }
    }
}

} // namespace clgauge::ref::subgroup
