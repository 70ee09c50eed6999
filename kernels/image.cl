// Image bandwidth. Harness contract (suite/harness/image.hpp): a 2D range
// of (width, height / CLG_ROWS) work-items; work-item (x, s) owns column x of rows
// s * CLG_ROWS .. s * CLG_ROWS + CLG_ROWS - 1, so a warp of consecutive x reads whole rows of a
// few 2D tiles and its CLG_ROWS loads, issued back to back, finish them (the 2D locality a
// block-linear texture layout wants). Build options: one of -DCLG_IMG_F32 (CL_RGBA/CL_FLOAT,
// read_imagef), -DCLG_IMG_UNORM8 (CL_RGBA/CL_UNORM_INT8, read_imagef), -DCLG_IMG_U8
// (CL_RGBA/CL_UNSIGNED_INT8, read_imageui), and -DCLG_ROWS=<texels per work-item>.
//
// Every texel is a whole number of 32-bit words: four float bit patterns (f32) or one word
// whose bytes are the channels (unorm8, u8). Read kernels turn what they read back into those
// words exactly (a unorm8 channel b reads as b/255 within the specification's 1.5 ulp; times
// 255 and rounded it is b again) and store one checksum word per work-item, which the CPU
// recomputes (reference/image.hpp). reference/image.hpp mirrors every function here.
#include "clgauge_memory.h"

#ifndef CLG_ROWS
#define CLG_ROWS 16
#endif

// Nearest texel at integer coordinates; clamping keeps a wrong coordinate defined (it reads
// an edge texel and fails the check) instead of undefined.
constant sampler_t clg_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// Channel c of texel t as written by the fill (hashed) or the write benchmark (pattern): the
// full hash for data that is read (no memory compression can shortcut it), a cheap pattern
// for the write kernel so its stores, not its ALUs, bound it.
inline uint clg_img_f32_bits(uint seed, uint t, uint c, uint hashed) {
    return hashed ? clg_mem_f32_bits(seed, 4u * t + c, 0u)
                  : 0x3f800000u | (clg_mem_pattern(clg_mem_key(seed), 4u * t + c) >> 9);
}
inline uint clg_img_word(uint seed, uint t, uint hashed) {
    return hashed ? clg_mem_word(seed, t, 0u) : clg_mem_pattern(clg_mem_key(seed), t);
}

// One texel's words folded into one: odd weights per channel, so swapped channels differ.
inline uint clg_img_fold4(uint4 w) { return w.x + 3u * w.y + 5u * w.z + 7u * w.w; }

// Bytes (0..255 each) packed into a word, channel x lowest.
inline uint clg_img_pack(uint4 b) { return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24); }

// A unorm8 channel read as b/255 (within 1.5 ulp) back to b: 1.5 * 2^23 added rounds the
// product to an integer held in the low mantissa bits.
inline uint4 clg_img_unorm_bytes(float4 f) {
    return as_uint4(fma(f, (float4)(255.0f), (float4)(12582912.0f))) - (uint4)(0x4b400000u);
}

// Texel (x, y)'s words as the read kernel sees them, folded.
inline uint clg_img_texel(read_only image2d_t img, int x, int y) {
#if defined(CLG_IMG_F32)
    return clg_img_fold4(as_uint4(read_imagef(img, clg_nearest, (int2)(x, y))));
#elif defined(CLG_IMG_UNORM8)
    return clg_img_pack(clg_img_unorm_bytes(read_imagef(img, clg_nearest, (int2)(x, y))));
#elif defined(CLG_IMG_U8)
    return clg_img_pack(read_imageui(img, clg_nearest, (int2)(x, y)));
#else
#error "one of CLG_IMG_F32, CLG_IMG_UNORM8, CLG_IMG_U8"
#endif
}

// Stores texel (x, y) = t of an image `width` texels wide.
inline void clg_img_store(write_only image2d_t img, int x, int y, uint t, uint seed, uint hashed) {
#if defined(CLG_IMG_F32)
    const uint4 w = (uint4)(clg_img_f32_bits(seed, t, 0u, hashed),
                            clg_img_f32_bits(seed, t, 1u, hashed),
                            clg_img_f32_bits(seed, t, 2u, hashed),
                            clg_img_f32_bits(seed, t, 3u, hashed));
    write_imagef(img, (int2)(x, y), as_float4(w));
#else
    const uint w = clg_img_word(seed, t, hashed);
    const uint4 b = (uint4)(w & 0xffu, (w >> 8) & 0xffu, (w >> 16) & 0xffu, w >> 24);
#if defined(CLG_IMG_UNORM8)
    // b as a float without a conversion instruction (2^23 + b, minus 2^23), then b/255: the
    // write rounds b/255 * 255 back to b.
    const float4 f = as_float4(b | (uint4)(0x4b000000u)) - (float4)(8388608.0f);
    write_imagef(img, (int2)(x, y), f * (1.0f / 255.0f));
#else
    write_imageui(img, (int2)(x, y), b);
#endif
#endif
}

// Checksum of work-item (x, s): sum over its rows k of fold(texel) * (2k + 1), mod 2^32; the
// odd weights make a texel read from the wrong row count differently.
kernel void image_read(read_only image2d_t img, global uint* out) {
    const int x = (int)get_global_id(0);
    const int y0 = (int)get_global_id(1) * CLG_ROWS;
    uint acc = 0u;
#pragma unroll
    for (int k = 0; k < CLG_ROWS; ++k)
        acc += clg_img_texel(img, x, y0 + k) * (2u * (uint)k + 1u);
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = acc;
}

// Writes texels (x, s * CLG_ROWS + k) of a `width`-wide image: the fill (hashed = 1, before a
// read benchmark) and the write benchmark (hashed = 0) are this one kernel.
kernel void image_write(write_only image2d_t img, uint width, uint seed, uint hashed) {
    const int x = (int)get_global_id(0);
    const int y0 = (int)get_global_id(1) * CLG_ROWS;
#pragma unroll
    for (int k = 0; k < CLG_ROWS; ++k)
        clg_img_store(img, x, y0 + k, (uint)(y0 + k) * width + (uint)x, seed, hashed);
}
