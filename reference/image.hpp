// CPU model of kernels/image.cl: the words of every texel (as filled for a read benchmark, or
// as the write benchmark stores them) and the checksum each read work-item stores.
#pragma once
#include "reference/mem_data.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

namespace clgauge::ref {

// The image formats of the image family: CL_RGBA with CL_FLOAT, CL_UNORM_INT8 or
// CL_UNSIGNED_INT8.
enum class ImageFormat { F32, Unorm8, U8 };

constexpr unsigned image_texel_words(ImageFormat f) {
    return f == ImageFormat::F32 ? 4 : 1;
}
constexpr size_t image_texel_bytes(ImageFormat f) {
    return 4 * image_texel_words(f);
}

// Word w (< image_texel_words) of texel t = y * width + x: f32 channels are floats in [1, 2);
// an 8-bit texel's word holds channel x in its low byte. hashed: the fill before a read
// benchmark; else the write benchmark's pattern.
constexpr uint32_t image_texel_word(ImageFormat f, uint32_t seed, uint32_t t, unsigned w,
                                    bool hashed) {
    if (f == ImageFormat::F32)
        return hashed ? mem_f32_bits(seed, 4u * t + w, 0)
                      : 0x3f800000u | (mem_pattern(mem_key(seed), 4u * t + w) >> 9);
    return hashed ? mem_word(seed, t, 0) : mem_pattern(mem_key(seed), t);
}

// A texel's words folded into one, as the read kernel does (clg_img_fold4; 8-bit texels are
// one word already).
constexpr uint32_t image_fold(ImageFormat f, uint32_t seed, uint32_t t) {
    if (f != ImageFormat::F32) return image_texel_word(f, seed, t, 0, true);
    return image_texel_word(f, seed, t, 0, true) + 3u * image_texel_word(f, seed, t, 1, true) +
           5u * image_texel_word(f, seed, t, 2, true) + 7u * image_texel_word(f, seed, t, 3, true);
}

// What one read launch covered: a width x height image, `rows` texels per work-item.
struct ImageLaunch {
    ImageFormat format = ImageFormat::F32;
    uint32_t seed = 0;
    size_t width = 0, height = 0;
    unsigned rows = 1;
};

// Work-item `item` = s * width + x (the kernel's output index) reads column x of rows
// s * rows + k and stores the sum of fold(texel) * (2k + 1), mod 2^32.
inline uint32_t image_read_checksum(const ImageLaunch& l, size_t item) {
    const size_t x = item % l.width, s = item / l.width;
    uint32_t acc = 0;
    for (unsigned k = 0; k < l.rows; ++k) {
        const size_t y = s * l.rows + k;
        acc += image_fold(l.format, l.seed, uint32_t(y * l.width + x)) * (2u * k + 1u);
    }
    return acc;
}

} // namespace clgauge::ref
