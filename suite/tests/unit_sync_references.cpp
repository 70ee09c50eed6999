// label unit: the CPU models of the atomics, barrier and constant-memory kernels agree with
// step-by-step simulations, and the needs of their paths name what a device lacks.
#include "reference/atomics.hpp"
#include "reference/barrier.hpp"
#include "reference/constant.hpp"
#include "types/need.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace clgauge::ref {
namespace {

TEST(BarrierReference, AffinePowerIsRepeatedApplication) {
    const Affine f{kBarrierMul, kBarrierAdd};
    uint32_t x = 12345;
    for (uint64_t n = 0; n <= 300; ++n) {
        EXPECT_EQ(affine_power(f, n)(12345), x) << n << " steps";
        x = f(x);
    }
}

// The exchange simulated step by step, as a work-group whose barriers order it runs it.
TEST(BarrierReference, WordIsTheExchangeSimulated) {
    const uint32_t seed = 0x5eed2026u;
    for (size_t local : {1, 7, 64}) {
        const size_t groups = 3;
        std::vector<uint32_t> v(groups * local);
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = rand(seed, uint32_t(i), 0);
        for (uint64_t step = 1; step <= 150; ++step) {
            std::vector<uint32_t> slot = v;
            for (size_t i = 0; i < v.size(); ++i) {
                const size_t first = i - i % local;
                v[i] = slot[first + (i - first + 1) % local] * kBarrierMul + kBarrierAdd;
            }
            for (size_t i = 0; i < v.size(); ++i)
                ASSERT_EQ(barrier_word(seed, i, local, step), v[i])
                    << "item " << i << ", groups of " << local << ", step " << step;
        }
    }
}

TEST(AtomicsReference, SixtyFourBitCountersCarryIntoTheHighWord) {
    for (size_t i = 0; i < 100; ++i) {
        const uint64_t start = atomic_start(AtomicWord::U64, 7, i);
        const uint64_t after = atomic_after(AtomicWord::U64, start, 256);
        EXPECT_NE(after >> 32, start >> 32) << "word " << i << " would not show a lost carry";
        EXPECT_EQ(atomic_after(AtomicWord::U32, start, 256), uint32_t(start + 256));
    }
}

TEST(AtomicsReference, FloatSumsAreExactBelowTheBound) {
    const uint64_t start = atomic_start(AtomicWord::F32, 3, 0);
    const float s = std::bit_cast<float>(uint32_t(start));
    EXPECT_LE(s, 255.0f);
    const float end =
        std::bit_cast<float>(uint32_t(atomic_after(AtomicWord::F32, start, kExactFloatSum)));
    EXPECT_EQ(double(end), double(s) + double(kExactFloatSum));
    EXPECT_LT(double(end), double(1 << 24));
}

TEST(AtomicsReference, IncrementsAreSmallAndVaried) {
    std::vector<int> seen(17, 0);
    for (uint32_t gid = 0; gid < 1000; ++gid) {
        const uint32_t inc = atomic_increment(AtomicWord::U32, 1, gid);
        ASSERT_GE(inc, 1u);
        ASSERT_LE(inc, 16u);
        ++seen[inc];
        EXPECT_LE(atomic_increment(AtomicWord::F32, 1, gid), 4u);
    }
    for (int k = 1; k <= 16; ++k)
        EXPECT_GT(seen[k], 0) << "increment " << k << " never drawn";
}

TEST(ConstantReference, DivergentAndBroadcastReadsDiffer) {
    uint64_t b = 0, d = 0, b0 = 0;
    constant_fold<false>(9, 5, 1000, &b);
    constant_fold<true>(9, 5, 1000, &d);
    constant_fold<true>(9, 0, 1000, &b0); // item 0's offset is 0: the broadcast sequence
    EXPECT_NE(b, d);
    uint64_t b0_broadcast = 0;
    constant_fold<false>(9, 0, 1000, &b0_broadcast);
    EXPECT_EQ(b0, b0_broadcast);
}

} // namespace
} // namespace clgauge::ref

namespace clgauge {
namespace {
TEST(AtomicNeeds, UnmetWithoutTheCapabilityMetWithIt) {
    Capabilities none, all;
    all.int64_atomics = all.c11_atomics_device_scope = all.c11_atomics_work_group_scope = true;
    all.float_atomic_add_global = all.float_atomic_add_local = true;
    for (Need n : {Need::Int64Atomics, Need::AtomicsDeviceScope, Need::AtomicsWorkGroupScope,
                   Need::FloatAtomicAddGlobal, Need::FloatAtomicAddLocal}) {
        EXPECT_TRUE(unmet(n, none).has_value()) << need_name(n);
        EXPECT_FALSE(unmet(n, all).has_value()) << need_name(n);
    }
}
} // namespace
} // namespace clgauge
