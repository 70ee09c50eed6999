// Harness for image bandwidth (the image family, kernels/image.cl): image2d reads through the
// sampler (nearest, integer coordinates) reduced to one checksum word per work-item, and
// image writes read back and compared texel by texel. Bandwidth = bytes of texels moved (plus
// a read kernel's checksum stores) / device time.
#pragma once
#include "harness/adapter.hpp"
#include "reference/image.hpp"

namespace clgauge {

enum class ImageOp { Read, Write };

// Kernel contract (kernels/image.cl): image_read(read_only image2d_t, global uint* out) and
// image_write(write_only image2d_t, uint width, uint seed, uint hashed) over a 2D range of
// (width, height / rows) work-items, each owning `rows` texels of one column; built with the
// format's define (CLG_IMG_F32, CLG_IMG_UNORM8, CLG_IMG_U8) and -DCLG_ROWS=rows.
struct ImageSpec {
    EntryHeader entry; // family "image", unit B/s, one native path needing Need::Images
    ImageOp op = ImageOp::Read;
    ref::ImageFormat format = ref::ImageFormat::F32;
    unsigned rows = 16; // texels per work-item (2D locality: one column, consecutive rows)
};

Benchmark image_benchmark(ImageSpec spec);

} // namespace clgauge
