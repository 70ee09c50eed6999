// image.read.<format> / image.write.<format>: image2d bandwidth through the sampler (nearest,
// integer coordinates) and through write_image (kernels/image.cl, reference/image.hpp,
// harness suite/harness/image.hpp). Formats: CL_RGBA with CL_FLOAT (f32, read_imagef),
// CL_UNORM_INT8 (unorm8, read_imagef) and CL_UNSIGNED_INT8 (u8, read_imageui).
#include "harness/image.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> image() {
    struct Format {
        const char* name;
        ref::ImageFormat format;
        const char* image_format;
        const char* read_call;
        const char* write_call;
        // Texels per work-item: 256 bytes of float4 or 128 of uchar4, so the checksum store
        // (4 bytes) stays a few percent of the traffic, and a 32-wide warp's loads cover
        // whole 64-byte-wide tiles of a block-linear layout several rows deep.
        unsigned rows;
    };
    const Format formats[] = {
        {"f32", ref::ImageFormat::F32, "CL_RGBA/CL_FLOAT", "read_imagef", "write_imagef", 16},
        {"unorm8", ref::ImageFormat::Unorm8, "CL_RGBA/CL_UNORM_INT8", "read_imagef", "write_imagef",
         32},
        {"u8", ref::ImageFormat::U8, "CL_RGBA/CL_UNSIGNED_INT8", "read_imageui", "write_imageui",
         32},
    };
    std::vector<Benchmark> v;
    for (const ImageOp op : {ImageOp::Read, ImageOp::Write}) {
        for (const Format& f : formats) {
            const bool read = op == ImageOp::Read;
            v.push_back(image_benchmark({
                .entry =
                    {
                        .id = std::string(read ? "image.read." : "image.write.") + f.name,
                        .label = read ? "Image read" : "Image write",
                        .description = std::string(f.image_format) + ", " +
                                       (read ? std::string(f.read_call) + ", nearest sampler"
                                             : std::string(f.write_call)) +
                                       ", " + std::to_string(f.rows) + " texels per work-item",
                    },
                .op = op,
                .format = f.format,
                .rows = f.rows,
            }));
        }
    }
    return v;
}

// Registry order 119: after the stream, local, atomics, barrier and constant families,
// before transfers.
const FamilyRegistrar registered(119, image);

} // namespace clgauge::families
