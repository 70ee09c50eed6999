// label unit: the integer-family references (dp4a, sum, mod, tnn) compute what their
// kernels claim, stay non-degenerate over long chains, and agree with independent models.
#include "chain_words.hpp"
#include "reference/dp4a.hpp"
#include "reference/mod.hpp"
#include "reference/sum.hpp"
#include "reference/tnn.hpp"

#include <gtest/gtest.h>
#include <set>

namespace clgauge::ref {
namespace {

struct Case {
    const char* name;
    test::ChainFn fn;
    size_t words;
};
const Case kCases[] = {{"dp4a.s8", dp4a_s8, 2},          {"dp4a.u8", dp4a_u8, 2},
                       {"dp4a.su8", dp4a_su8, 2},        {"sum.sha256", sum_sha256, 2},
                       {"sum.sbox", sum_sbox, 2},        {"mod.proth", mod_proth, 2},
                       {"tnn.popcount", tnn_popcount, 4}};

TEST(IntegerReference, ChainsStayDistinctAcrossItems) {
    for (const auto& c : kCases)
        EXPECT_GT(test::long_chain_words(c.fn, c.words).size(), 60 * c.words)
            << c.name << " outputs collapse onto few values";
}

// Perf mode runs chains of millions of steps: they must still move and stay distinct.
TEST(IntegerReference, MillionStepChainsKeepMoving) {
    constexpr uint64_t kSteps = 1u << 21;
    for (const auto& c : kCases) {
        std::set<uint64_t> seen;
        for (uint32_t gid = 0; gid < 4; ++gid) {
            uint64_t a[4], b[4];
            c.fn(11, gid, kSteps, a);
            c.fn(11, gid, kSteps + 1, b);
            bool moved = false;
            for (size_t w = 0; w < c.words; ++w)
                moved |= a[w] != b[w];
            EXPECT_TRUE(moved) << c.name << " item " << gid << " is stuck after " << kSteps;
            seen.insert(a, a + c.words);
        }
        EXPECT_GE(seen.size(), 4 * c.words - 1) << c.name;
    }
}

TEST(IntegerReference, SeedAndZeroSteps) {
    for (const auto& c : kCases) {
        uint64_t a[4], b[4];
        c.fn(1, 9, 100, a);
        c.fn(2, 9, 100, b);
        EXPECT_NE(a[0], b[0]) << c.name;
    }
    uint64_t out[4];
    sum_sha256(1, 5, 0, out);
    EXPECT_EQ(out[0], rand(1, 5, 0));
    dp4a_s8(1, 5, 0, out);
    EXPECT_EQ(out[1], dp4a_start(1, 5, 1));
}

// ---- dp4a

TEST(Dp4aReference, ExtremeLanes) {
    using S = Dp4aSigns;
    EXPECT_EQ(dp4a(0x80808080u, 0x80808080u, 0, S::SS), 65536u); // 4 x (-128)(-128)
    EXPECT_EQ(dp4a(0x80808080u, 0x80808080u, 0, S::UU), 65536u); // 4 x 128 x 128
    EXPECT_EQ(dp4a(0x80808080u, 0x80808080u, 0, S::SU), uint32_t(-65536));
    EXPECT_EQ(dp4a(0xffffffffu, 0xffffffffu, 0, S::SS), 4u);
    EXPECT_EQ(dp4a(0xffffffffu, 0xffffffffu, 0, S::UU), 4u * 255 * 255);
    EXPECT_EQ(dp4a(0xffffffffu, 0xffffffffu, 0, S::SU), uint32_t(-4 * 255));
    EXPECT_EQ(dp4a(0x7f7f7f7fu, 0x80808080u, 0, S::SS), uint32_t(-4 * 127 * 128));
    EXPECT_EQ(dp4a(0x807f01ffu, 0x01010101u, 100, S::SS), uint32_t(100 - 128 + 127 + 1 - 1));
    // The accumulate wraps at 32 bits.
    EXPECT_EQ(dp4a(0x7f7f7f7fu, 0x7f7f7f7fu, 0x7fffffffu, S::SS), 0x7fffffffu + 4u * 127 * 127);
    EXPECT_EQ(dp4a(0x80808080u, 0x7f7f7f7fu, 0x80000000u, S::SS), 0x80000000u - 4u * 128 * 127);
}

// Conformance launches (4096 items) meet every extreme on every multiplier lane, and
// accumulators next to the limits.
TEST(Dp4aReference, InputsCoverTheExtremes) {
    std::set<std::pair<int, uint8_t>> lanes;
    int near_max = 0, near_min = 0, all_extreme = 0;
    for (uint32_t gid = 0; gid < 4096; ++gid) {
        for (uint32_t k = 0; k < 2; ++k) {
            const uint32_t m = dp4a_multiplier(0x5eed2026u, gid, k);
            for (int lane = 0; lane < 4; ++lane)
                lanes.insert({lane, uint8_t(m >> (8 * lane))});
            const uint32_t s = dp4a_start(0x5eed2026u, gid, k);
            near_max += s >= 0x7fffff00u && s <= 0x7fffffffu;
            near_min += s >= 0x80000000u && s <= 0x800000ffu;
            all_extreme += s == 0x80808080u || s == 0x7f7f7f7fu || s == 0xffffffffu;
        }
    }
    for (int lane = 0; lane < 4; ++lane)
        for (int v : {0x80, 0x7f, 0x00, 0x01, 0xff})
            EXPECT_TRUE(lanes.count({lane, uint8_t(v)})) << "lane " << lane << " value " << v;
    EXPECT_GT(near_max, 100);
    EXPECT_GT(near_min, 100);
    EXPECT_GT(all_extreme, 100);
}

TEST(Dp4aReference, SignednessChangesTheChain) {
    int differ = 0;
    for (uint32_t gid = 0; gid < 100; ++gid) {
        uint64_t s[2], u[2];
        dp4a_s8(3, gid, 64, s);
        dp4a_u8(3, gid, 64, u);
        differ += s[0] != u[0];
    }
    EXPECT_GE(differ, 95);
}

// ---- sum

// Rank over GF(2) of the images of the 32 unit vectors.
int gf2_rank(uint32_t (*f)(uint32_t)) {
    uint32_t rows[32];
    for (int i = 0; i < 32; ++i)
        rows[i] = f(1u << i);
    int rank = 0;
    for (int bit = 0; bit < 32; ++bit) {
        int pivot = -1;
        for (int i = rank; i < 32; ++i)
            if ((rows[i] >> bit) & 1u) {
                pivot = i;
                break;
            }
        if (pivot < 0) continue;
        std::swap(rows[rank], rows[pivot]);
        for (int i = 0; i < 32; ++i)
            if (i != rank && ((rows[i] >> bit) & 1u)) rows[i] ^= rows[rank];
        ++rank;
    }
    return rank;
}

// The seed's chain x = Sum0(x) + y; y = Sum1(y) + x is a bijection because both are invertible.
TEST(SumReference, Sum0AndSum1AreInvertible) {
    EXPECT_EQ(gf2_rank([](uint32_t x) { return sha_sum0(x); }), 32);
    EXPECT_EQ(gf2_rank([](uint32_t x) { return sha_sum1(x); }), 32);
}

TEST(SumReference, KnownValues) {
    EXPECT_EQ(sha_sum0(1u), (1u << 30) | (1u << 19) | (1u << 10));
    EXPECT_EQ(sha_sum1(1u), (1u << 26) | (1u << 21) | (1u << 7));
    EXPECT_EQ(sha_sbox(0u), 0u);
    EXPECT_EQ(sha_sbox(0xffffffffu), 0xffffffffu);
    EXPECT_EQ(sha_sbox(0x55555555u), 0u); // not injective: why sum.sbox uses the leapfrog
    EXPECT_EQ(sha_sbox(1u), 1u ^ (std::rotl(~1u, 1) & 4u));
}

// ---- mod

bool is_prime(int64_t n) {
    if (n < 2) return false;
    for (int64_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

TEST(ModReference, ModuliAreProthPrimes) {
    for (int32_t a : kProthA) {
        EXPECT_TRUE(is_prime(proth_prime(a))) << a;
        EXPECT_EQ(a % 2, 1) << a;
        EXPECT_LT(a, 32767) << "int32 bound";
    }
}

TEST(ModReference, ProthStepIsMultiplicationByMinusA) {
    for (int32_t a : kProthA) {
        const int64_t p = proth_prime(a);
        for (uint32_t i = 0; i < 10000; ++i) {
            const int32_t x = int32_t(rand(5, i, 0)) / (int32_t(32768 / a) + 1);
            const int64_t lhs = ((int64_t(proth_step(x, a)) % p) + p) % p;
            const int64_t rhs = (((-int64_t(a) * x) % p) + p) % p;
            ASSERT_EQ(lhs, rhs) << "x " << x << " a " << a;
        }
    }
}

// The chain never leaves int32 (the kernel's arithmetic has no overflow), also when the data
// words sit at the extremes of a short.
TEST(ModReference, ValuesStayInsideInt32) {
    for (int32_t a : kProthA) {
        const int64_t bound = 65535LL * a + 65536;
        int64_t x = -32768;
        for (int i = 0; i < 100000; ++i) {
            const int64_t d = (i & 1) ? -32768 : 32767;
            x += (i % 3 == 0) ? -32768 : d;
            ASSERT_LE(std::llabs(x), bound);
            ASSERT_LT(std::llabs(x), int64_t(1) << 31);
            const uint32_t u = uint32_t(int32_t(x));
            x = int64_t(int16_t(uint16_t(u >> 16))) - int64_t(u & 0xffffu) * a;
            ASSERT_LE(std::llabs(x), bound);
        }
    }
}

TEST(ModReference, BitExactChainIsCongruentToThe64BitReduction) {
    for (uint32_t gid = 0; gid < 64; ++gid) {
        for (uint64_t steps : {0ull, 1ull, 129ull, 5000ull}) {
            uint64_t out[2];
            mod_proth(0x5eed2026u, gid, steps, out);
            EXPECT_TRUE(mod_proth_congruent(0x5eed2026u, gid, steps, out))
                << "item " << gid << " steps " << steps;
            out[0] += 1;
            EXPECT_FALSE(mod_proth_congruent(0x5eed2026u, gid, steps, out));
        }
    }
}

TEST(ModReference, ReadsTheInputLayoutTheKernelReads) {
    // The kernel reads in[((gid + 7r) & 255) + i] in repeat r, step i, from a buffer of
    // kModInputWords words in[j] = mod_input(seed, j).
    for (uint32_t gid : {0u, 200u, 255u, 1000u})
        for (uint64_t s : {0ull, 127ull, 128ull, 1000ull, 1ull << 30}) {
            const uint64_t r = s / kModSteps, i = s % kModSteps;
            const uint64_t j = ((gid + 7 * r) & 255) + i;
            ASSERT_LT(j, kModInputWords);
            EXPECT_EQ(mod_word(9, gid, s), mod_input(9, uint32_t(j)));
        }
}

// ---- tnn

TEST(TnnReference, BitPlanesAgreeWithNaiveTritDotProducts) {
    for (uint32_t gid = 0; gid < 200; ++gid) {
        for (uint64_t steps : {0ull, 1ull, 7ull, 300ull}) {
            uint64_t bits[4], naive[4];
            tnn_popcount(0x5eed2026u, gid, steps, bits);
            tnn_popcount_naive(0x5eed2026u, gid, steps, naive);
            for (int k = 0; k < 4; ++k)
                ASSERT_EQ(bits[k], naive[k]) << "item " << gid << " steps " << steps;
            EXPECT_TRUE(tnn_matches_naive(0x5eed2026u, gid, steps, bits));
        }
    }
}

TEST(TnnReference, TritsStayValidAndIncludeZeros) {
    int zeros = 0;
    for (uint32_t gid = 0; gid < 200; ++gid) {
        uint64_t out[4];
        tnn_popcount(1, gid, 1000, out);
        for (int k = 0; k < 2; ++k) {
            const uint32_t w = uint32_t(out[k]);
            EXPECT_EQ(lane16(w, 0) & lane16(w, 1), 0) << "a trit with both planes set";
            for (int t : tnn_decode(w))
                zeros += t == 0;
        }
    }
    EXPECT_GT(zeros, 200 * 2 * 16 / 8);
}

TEST(TnnReference, ProductFormulaMatchesTheSeed) {
    // c+ = (a+ & b+) | (a- & b-), c- = (a+ & b-) | (a- & b+) for every pair of trits.
    for (int a = -1; a <= 1; ++a)
        for (int b = -1; b <= 1; ++b) {
            Trits ta{}, tb{};
            ta[3] = a;
            tb[3] = b;
            const uint32_t pa = tnn_encode(ta), pb = tnn_encode(tb);
            const uint32_t cp = (lane16(pa, 0) & lane16(pb, 0)) | (lane16(pa, 1) & lane16(pb, 1));
            const uint32_t cm = (lane16(pa, 0) & lane16(pb, 1)) | (lane16(pa, 1) & lane16(pb, 0));
            EXPECT_EQ(std::popcount(cp) - std::popcount(cm), a * b);
            uint32_t acc = 0, b_planes = pb;
            tnn_half(pa, b_planes, acc);
            EXPECT_EQ(int16_t(lane16(acc, 0)) + int16_t(lane16(acc, 1)), a * b);
        }
}

} // namespace
} // namespace clgauge::ref
