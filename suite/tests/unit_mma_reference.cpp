// label unit: the MMA reference: format decoders, the tiles it generates (exactly
// representable, non-degenerate, special values where promised) and its chain model.
#include "reference/mma.hpp"

#include <gtest/gtest.h>
#include <set>

namespace clgauge::ref::mma {
namespace {

const Format kFloats[] = {Format::F16,  Format::BF16, Format::TF32,
                          Format::E4M3, Format::E5M2, Format::E2M1};
const Format kAll[] = {Format::F16,  Format::BF16, Format::TF32, Format::E4M3,   Format::E5M2,
                       Format::E2M1, Format::S8,   Format::S4,   Format::Ternary};

TEST(MmaDecode, Fp8) {
    EXPECT_EQ(decode_e4m3(0x7e), 448.0);
    EXPECT_EQ(decode_e4m3(0xfe), -448.0);
    EXPECT_EQ(decode_e4m3(0x08), std::ldexp(1.0, -6)); // min normal
    EXPECT_EQ(decode_e4m3(0x01), std::ldexp(1.0, -9)); // min subnormal
    EXPECT_EQ(decode_e4m3(0x38), 1.0);
    EXPECT_EQ(decode_e4m3(0x78), 256.0); // E4M3 has no Inf: exponent 15 is finite
    EXPECT_TRUE(std::isnan(decode_e4m3(0x7f)));
    EXPECT_TRUE(std::signbit(decode_e4m3(0x80)));
    EXPECT_EQ(decode_e5m2(0x7b), 57344.0);
    EXPECT_EQ(decode_e5m2(0x04), std::ldexp(1.0, -14));
    EXPECT_EQ(decode_e5m2(0x01), std::ldexp(1.0, -16));
    EXPECT_EQ(decode_e5m2(0x3c), 1.0);
    EXPECT_TRUE(std::isinf(decode_e5m2(0x7c)));
    EXPECT_TRUE(std::isnan(decode_e5m2(0x7e)));
}

TEST(MmaDecode, Fp4AndScale) {
    const double v[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    for (uint32_t b = 0; b < 8; ++b) {
        EXPECT_EQ(decode_e2m1(b), v[b]);
        EXPECT_EQ(decode_e2m1(b | 8), -v[b]);
    }
    EXPECT_EQ(decode_e8m0(127), 1.0);
    EXPECT_EQ(decode_e8m0(0), std::ldexp(1.0, -127));
    EXPECT_EQ(decode_e8m0(254), std::ldexp(1.0, 127));
    EXPECT_TRUE(std::isnan(decode_e8m0(255)));
}

TEST(MmaDecode, Bf16Tf32Fp16Integers) {
    EXPECT_EQ(decode_bf16(0x3f80), 1.0);
    EXPECT_EQ(decode_bf16(0x7f7f), double(std::bit_cast<float>(0x7f7f0000u)));
    EXPECT_TRUE(std::isinf(decode_bf16(0xff80)));
    // tf32 keeps sign, exponent and the top 10 mantissa bits: the rest is truncated.
    EXPECT_EQ(decode_tf32(0x3f801fffu), 1.0);
    EXPECT_EQ(decode_tf32(0x3f802000u), 1.0 + std::ldexp(1.0, -10));
    EXPECT_EQ(decode(Format::F16, 0x7bff), 65504.0);
    EXPECT_EQ(decode(Format::S8, 0x80), -128.0);
    EXPECT_EQ(decode(Format::S8, 0x7f), 127.0);
    EXPECT_EQ(decode(Format::S4, 0x8), -8.0);
    EXPECT_EQ(decode(Format::S4, 0x7), 7.0);
    EXPECT_EQ(decode(Format::Ternary, 1), 1.0);
    EXPECT_EQ(decode(Format::Ternary, 2), -1.0);
    EXPECT_EQ(decode(Format::Ternary, 0), 0.0);
}

TEST(MmaTiles, ExactTilesAreExactlyRepresentable) {
    // Every normal element decodes to 0 or +-{1, 1.5, 2, 3} (times 2^-2 for B in special tiles).
    for (Format f : kFloats) {
        for (uint32_t tile = 0; tile < 3; ++tile)
            for (uint32_t r = 0; r < 16; ++r)
                for (uint32_t c = 0; c < 32; ++c) {
                    const double v = std::fabs(decode(f, element_bits(f, 7, tile, kA, r, c, 32)));
                    EXPECT_TRUE(v == 0 || v == 1 || v == 1.5 || v == 2 || v == 3)
                        << int(f) << " " << v;
                }
    }
}

TEST(MmaTiles, SpecialTilesHoldOneSpecialPerRow) {
    for (Format f : kFloats) {
        const auto specials = special_values(f);
        std::set<uint32_t> seen;
        for (uint32_t tile = 3; tile < 400; tile += 4)
            for (uint32_t r = 0; r < 16; ++r) {
                int found = 0;
                for (uint32_t c = 0; c < 32; ++c)
                    if (c == (r * 5u + tile) % 32u) {
                        seen.insert(element_bits(f, 7, tile, kA, r, c, 32));
                        ++found;
                    }
                EXPECT_EQ(found, 1);
            }
        EXPECT_EQ(seen.size(), specials.size()) << "format " << int(f);
    }
}

TEST(MmaReference, ExactTileReturnsToC0PlusAB) {
    // With exact inputs a pair is the identity, so every length gives C0 + A*B.
    const Shape s{16, 8, 32};
    for (Format f : kFloats) {
        uint32_t one[128], many[128];
        double b1[128], b2[128];
        tile_reference(f, s, 11, 0, 1, one, b1);
        tile_reference(f, s, 11, 0, 1000000, many, b2);
        for (int i = 0; i < 128; ++i) {
            EXPECT_EQ(one[i], many[i]);
            EXPECT_EQ(b1[i], 0.0);
            EXPECT_TRUE(std::isfinite(std::bit_cast<float>(one[i])));
        }
    }
}

TEST(MmaReference, LongFloatChainsFollowTheirCycle) {
    // The cycle shortcut gives what stepping every MMA of the chain gives.
    const Shape s{16, 8, 16};
    for (Format f : kFloats) {
        for (uint32_t tile = 3; tile < 40; tile += 4) {
            for (uint64_t pairs : {1u, 2u, 7u, 300u}) {
                uint32_t got[128];
                double bound[128];
                tile_reference(f, s, 21, tile, pairs, got, bound);
                for (uint32_t m = 0; m < 16; ++m)
                    for (uint32_t n = 0; n < 8; ++n) {
                        double p = 0;
                        for (uint32_t k = 0; k < 16; ++k) {
                            double a = decode(f, element_bits(f, 21, tile, kA, m, k, 16));
                            double b = decode(f, element_bits(f, 21, tile, kB, k, n, 16));
                            if (f == Format::E2M1) {
                                a *= decode_e8m0(scale_bits(21, tile, kScaleA, m, 0));
                                b *= decode_e8m0(scale_bits(21, tile, kScaleB, n, 0));
                            }
                            p += a * b;
                        }
                        float c = std::bit_cast<float>(c0_bits(f, 21, tile, m, n));
                        for (uint64_t j = 0; j < pairs; ++j)
                            c = float(double(float(double(c) + p)) - p);
                        const uint32_t want = std::bit_cast<uint32_t>(float(double(c) + p));
                        EXPECT_EQ(got[m * 8 + n], want) << int(f) << " tile " << tile;
                    }
            }
        }
    }
}

TEST(MmaReference, IntegerChainIsClosedForm) {
    // C0 + (2n+1) * A*B, checked against stepping one MMA at a time.
    const Shape s{8, 8, 64};
    for (Format f : {Format::S8, Format::S4, Format::Ternary}) {
        uint32_t got[64];
        double bound[64];
        tile_reference(f, s, 5, 2, 3, got, bound);
        for (uint32_t m = 0; m < 8; ++m)
            for (uint32_t n = 0; n < 8; ++n) {
                uint32_t c = c0_bits(f, 5, 2, m, n);
                for (int step = 0; step < 7; ++step)
                    for (uint32_t k = 0; k < 64; ++k)
                        c += uint32_t(int(decode(f, element_bits(f, 5, 2, kA, m, k, 64))) *
                                      int(decode(f, element_bits(f, 5, 2, kB, k, n, 64))));
                EXPECT_EQ(got[m * 8 + n], c);
            }
    }
}

TEST(MmaReference, SpecialTilesGiveNanAndBounds) {
    const Shape s{16, 8, 16};
    for (Format f : kFloats) {
        size_t nan = 0, bounded = 0;
        for (uint32_t tile = 3; tile < 64; tile += 4) {
            uint32_t out[128];
            double bound[128];
            tile_reference(f, s, 3, tile, 4, out, bound);
            for (int i = 0; i < 128; ++i) {
                nan += std::isnan(std::bit_cast<float>(out[i]));
                bounded += bound[i] > 0;
            }
        }
        EXPECT_GT(nan, 0u) << int(f);
        EXPECT_GT(bounded, 0u) << int(f);
    }
}

TEST(MmaReference, TilesAreDistinctAndNotDegenerate) {
    for (Format f : kAll) {
        const Shape s{8, 8, 32};
        uint32_t ok[64], other[64];
        double bound[64];
        tile_reference(f, s, 9, 0, 2, ok, bound);
        tile_reference(f, s, 9, 1, 2, other, bound); // another tile's data
        std::set<uint32_t> distinct(ok, ok + 64);
        EXPECT_GT(distinct.size(), 32u) << int(f);
        int same = 0;
        for (int i = 0; i < 64; ++i)
            same += ok[i] == other[i];
        EXPECT_LT(same, 8) << int(f);
    }
}

TEST(MmaReference, OpsPerMma) {
    EXPECT_EQ(ops_per_mma({16, 8, 16}), 4096.0);
    EXPECT_EQ(ops_per_mma({16, 8, 32}), 8192.0);
}

// Structured sparsity: every chunk of four keeps two elements (tf32: of two, one), every
// choice occurs, the zeros change the product, and a sparse MMA counts half the multiply-adds
// of its dense shape.
TEST(MmaReference, SparseTilesKeepHalfOfEveryChunk) {
    for (const Format f : {Format::F16, Format::TF32}) {
        const uint32_t per = sparse_chunk_elements(f);
        std::set<uint32_t> nibbles;
        for (uint32_t tile = 0; tile < 8; ++tile)
            for (uint32_t row = 0; row < 16; ++row)
                for (uint32_t chunk = 0; chunk < 16; ++chunk) {
                    uint32_t kept = 0;
                    for (uint32_t k = per * chunk; k < per * chunk + per; ++k)
                        kept += sparse_kept(f, 7, tile, row, k);
                    EXPECT_EQ(kept, per / 2) << "tile " << tile << " row " << row;
                    nibbles.insert(sparse_nibble(f, 7, tile, row, chunk));
                }
        EXPECT_EQ(nibbles.size(), f == Format::TF32 ? 2u : 6u);
    }
    for (const Format f : {Format::F16, Format::S8, Format::TF32}) {
        const Shape dense{16, 8, 32}, sparse{16, 8, 32, true};
        EXPECT_EQ(ops_per_mma(sparse) * 2, ops_per_mma(dense));
        uint32_t a[128], b[128];
        double bound[128];
        tile_reference(f, dense, 7, 0, 1, a, bound);
        tile_reference(f, sparse, 7, 0, 1, b, bound);
        int differ = 0;
        for (int i = 0; i < 128; ++i)
            differ += a[i] != b[i];
        EXPECT_GT(differ, 64) << "the sparse tile's zeros hardly change its product";
    }
}

} // namespace
} // namespace clgauge::ref::mma
