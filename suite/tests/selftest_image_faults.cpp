// label selftest: planted faults in kernels/image.cl must fail conformance (PoCL 3.1 shows
// each: its images run the same kernel source through its own sampler code).
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

// The read kernel's coordinate: one row off for the second texel of every work-item.
TEST(PlantedFault, ImageReadWrongRow) {
    expect_planted_fault_caught("image.read.f32", "clg_img_texel(img, x, y0 + k)",
                                "clg_img_texel(img, x, y0 + k + (k == 1))");
}
// ... and the column one off (clamped at the right edge) in every format.
TEST(PlantedFault, ImageReadWrongColumn) {
    for (const char* id : {"image.read.f32", "image.read.unorm8", "image.read.u8"})
        expect_planted_fault_caught(id, "clg_img_texel(img, x, y0 + k)",
                                    "clg_img_texel(img, x + 1, y0 + k)");
}
// Channels swapped in the float fold: the checksum weights each channel.
TEST(PlantedFault, ImageReadSwappedChannels) {
    expect_planted_fault_caught("image.read.f32", "return w.x + 3u * w.y", "return w.y + 3u * w.x");
}
// The unorm8 read truncated instead of rounded back to its byte: any channel that reads as
// slightly less than b/255 becomes b - 1.
TEST(PlantedFault, ImageReadUnormTruncated) {
    expect_planted_fault_caught(
        "image.read.unorm8",
        "as_uint4(fma(f, (float4)(255.0f), (float4)(12582912.0f))) - (uint4)(0x4b400000u)",
        "convert_uint4(f * 254.99f)");
}
// The write kernel skips the last row of each work-item's column.
TEST(PlantedFault, ImageWriteSkipsARow) {
    for (const char* id : {"image.write.f32", "image.write.u8"})
        expect_planted_fault_caught(
            id, "for (int k = 0; k < CLG_ROWS; ++k)\n        clg_img_store",
            "for (int k = 0; k + 1 < CLG_ROWS; ++k)\n        clg_img_store");
}
// Texels stored at the wrong texel index (the pattern of the neighbour).
TEST(PlantedFault, ImageWriteWrongTexelIndex) {
    expect_planted_fault_caught("image.write.unorm8", "(uint)(y0 + k) * width + (uint)x",
                                "(uint)(y0 + k) * width + (uint)x + 1u");
}

} // namespace
} // namespace clgauge::test
