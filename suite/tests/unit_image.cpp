// label unit: the image family's CPU model (reference/image.hpp) and its need, no device.
#include "reference/image.hpp"
#include "registry/registry.hpp"
#include "types/need.hpp"

#include <gtest/gtest.h>

#include <set>

namespace clgauge::test {
namespace {

using ref::ImageFormat;

// The checksum must tell a texel read from a neighbouring row or column, and from the same
// row in another order: what a wrong coordinate in the kernel produces.
TEST(ImageReference, ChecksumSeesEveryCoordinate) {
    for (const ImageFormat f : {ImageFormat::F32, ImageFormat::Unorm8, ImageFormat::U8}) {
        const ref::ImageLaunch l{f, 0x5eed2026u, 64, 64, 16};
        const uint32_t want = ref::image_read_checksum(l, 70); // column 6 of rows 16..31
        ref::ImageLaunch shifted = l;
        shifted.seed ^= 1u;
        EXPECT_NE(ref::image_read_checksum(shifted, 70), want);
        EXPECT_NE(ref::image_read_checksum(l, 71), want); // the next column
        EXPECT_NE(ref::image_read_checksum(l, 6), want);  // rows 0..15 of the same column
        std::set<uint32_t> distinct;
        for (size_t item = 0; item < 256; ++item)
            distinct.insert(ref::image_read_checksum(l, item));
        EXPECT_EQ(distinct.size(), 256u);
    }
}

TEST(ImageReference, FloatTexelsAreNormalNumbersInOneToTwo) {
    for (uint32_t t = 0; t < 4096; ++t)
        for (unsigned w = 0; w < 4; ++w)
            for (const bool hashed : {false, true}) {
                const uint32_t bits = ref::image_texel_word(ImageFormat::F32, 7u, t, w, hashed);
                EXPECT_EQ(bits & 0xff800000u, 0x3f800000u) << t << " " << w;
            }
}

TEST(ImageReference, WritePatternDiffersFromTheFill) {
    size_t same = 0;
    for (uint32_t t = 0; t < 1024; ++t)
        same += ref::image_texel_word(ImageFormat::U8, 3u, t, 0, true) ==
                ref::image_texel_word(ImageFormat::U8, 3u, t, 0, false);
    EXPECT_LT(same, 4u);
}

TEST(ImageNeed, UnmetNamesWhatIsMissing) {
    Capabilities c;
    EXPECT_EQ(unmet(Need::Images, c).value_or(""),
              "no image support (CL_DEVICE_IMAGE_SUPPORT is false)");
    c.image_gap = "no read-write image2d format CL_RGBA/CL_UNORM_INT8";
    EXPECT_EQ(unmet(Need::Images, c).value_or(""), c.image_gap);
    c.images = true;
    EXPECT_FALSE(unmet(Need::Images, c).has_value());
}

TEST(ImageRegistry, EveryReadAndWriteEntryNeedsImages) {
    size_t entries = 0;
    for (const char* id : {"image.read.f32", "image.read.unorm8", "image.read.u8",
                           "image.write.f32", "image.write.unorm8", "image.write.u8"}) {
        const Benchmark& b = registry_entry(id);
        ASSERT_EQ(b.paths.size(), 1u) << id;
        EXPECT_EQ(b.paths[0].needs, std::vector<Need>{Need::Images}) << id;
        EXPECT_EQ(b.unit, Unit::BytePerSecond) << id;
        ++entries;
    }
    EXPECT_EQ(entries, 6u);
}

} // namespace
} // namespace clgauge::test
