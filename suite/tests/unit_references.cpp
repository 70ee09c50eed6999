// label unit: the chain references are deterministic, non-degenerate and sensitive to the
// faults the self-tests plant.
#include "chain_words.hpp"
#include "measure/verify.hpp"
#include "reference/fma.hpp"
#include "reference/mad.hpp"

#include <gtest/gtest.h>
#include <set>

namespace clgauge::ref {
namespace {

struct Case {
    const char* name;
    test::ChainFn fn;
    WordKind kind;
    size_t words = 2; // words each item stores
};
const Case kCases[] = {{"fp32", fp32_fma, WordKind::F32},   {"fp64", fp64_fma, WordKind::F64, 4},
                       {"fp16", fp16_fma, WordKind::F16x2}, {"int32", int32_mad, WordKind::U32},
                       {"int64", int64_mad, WordKind::U64}, {"int16", int16_mad, WordKind::U16x2}};

TEST(ChainReference, LongChainsStayFiniteAndDistinct) {
    for (const auto& c : kCases) {
        const auto seen = test::long_chain_words(c.fn, c.words, [&](uint32_t gid, uint64_t w) {
            EXPECT_FALSE(word_not_finite(w, c.kind)) << c.name << " item " << gid;
        });
        // 64 items: nearly every word distinct (a second pair that copied the first would
        // leave half of fp64's).
        EXPECT_GT(seen.size(), 60u * c.words) << c.name << " outputs collapse onto few values";
    }
}

TEST(ChainReference, FloatChainsStayFarFromDenormals) {
    for (uint32_t gid = 0; gid < 256; ++gid) {
        uint64_t out[2];
        fp32_fma(7, gid, 4096, out);
        for (uint64_t w : out) {
            const float f = std::bit_cast<float>(uint32_t(w));
            EXPECT_TRUE(f == 0.0f || std::fabs(f) > 1e-20f) << f;
            EXPECT_LT(std::fabs(f), 1e3f);
        }
    }
}

TEST(ChainReference, ZeroStepsReturnTheInputs) {
    uint64_t out[2];
    fp32_fma(1, 5, 0, out);
    EXPECT_EQ(out[0], f32_bits_2_4(rand(1, 5, 0)));
    EXPECT_EQ(out[1], f32_bits_2_4(rand(1, 5, 1)));
    int32_mad(1, 5, 0, out);
    EXPECT_EQ(out[0], rand(1, 5, 0));
}

TEST(ChainReference, SplitFmaChangesAlmostEveryFp32Chain) {
    int differ = 0;
    for (uint32_t gid = 0; gid < 100; ++gid) {
        uint64_t fused[2];
        fp32_fma(3, gid, 512, fused);
        float x = std::bit_cast<float>(f32_bits_2_4(rand(3, gid, 0)));
        float y = std::bit_cast<float>(f32_bits_2_4(rand(3, gid, 1)));
        const float c = std::bit_cast<float>(f32_bits_half_1(rand(3, 0, 16)));
        for (int i = 0; i < 512; ++i) {
            volatile float p = y * c; // volatile: keep the product rounded on its own
            x = p + x;
            volatile float q = x * -c;
            y = q + y;
        }
        differ += std::bit_cast<uint32_t>(x) != fused[0];
    }
    EXPECT_GE(differ, 95);
}

TEST(ChainReference, SeedChangesTheOutputs) {
    uint64_t a[2], b[2];
    int64_mad(1, 9, 100, a);
    int64_mad(2, 9, 100, b);
    EXPECT_NE(a[0], b[0]);
}

} // namespace
} // namespace clgauge::ref
