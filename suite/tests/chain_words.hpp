// The reference tests' shared probe of a chain reference (reference/*.hpp functions of the
// form fn(seed, gid, steps, out)): the words it stores over many work-items.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>

namespace clgauge::test {

using ChainFn = void (*)(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out);

// Items 0..63 run 20000 steps from seed 0x5eed2026; returns the distinct values among the
// first `words` words each stores (at most 4). `each`, where given, sees every word and its
// item.
inline std::set<uint64_t>
long_chain_words(ChainFn fn, size_t words,
                 const std::function<void(uint32_t, uint64_t)>& each = {}) {
    std::set<uint64_t> seen;
    for (uint32_t gid = 0; gid < 64; ++gid) {
        uint64_t out[4] = {};
        fn(0x5eed2026u, gid, 20000, out);
        for (size_t w = 0; w < words; ++w) {
            if (each) each(gid, out[w]);
            seen.insert(out[w]);
        }
    }
    return seen;
}

} // namespace clgauge::test
