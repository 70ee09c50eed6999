#include "harness/image.hpp"

#include "base/parallel_for.hpp"
#include "harness/launch.hpp"
#include "harness/memory.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <stdexcept>

namespace clgauge {
namespace {

constexpr size_t kPerfSampleItems = 4096; // read checksums recomputed in perf mode
constexpr size_t kPerfSampleRows = 48;    // written rows read back in perf mode
// A CPU device's texels per work-item at most: each kernel unrolls its rows, a CPU driver's
// image built-ins are whole functions (PoCL compiles both kernels at their first launch, in a
// time that grows with the unroll), and a CPU core has no 2D texture cache to keep fed.
constexpr unsigned kCpuRows = 4;
constexpr size_t kMaxWidth = 16384; // texels per row in perf mode (device limit permitting)

// What a texel format is to OpenCL, in the order of ref::ImageFormat: the image's channel
// type, the kernel's build define, and its name in the report.
struct FormatInfo {
    cl_channel_type channel;
    const char* define;
    const char* name;
};
constexpr FormatInfo kFormats[] = {
    {CL_FLOAT, "-DCLG_IMG_F32", "CL_RGBA/CL_FLOAT"},                // F32
    {CL_UNORM_INT8, "-DCLG_IMG_UNORM8", "CL_RGBA/CL_UNORM_INT8"},   // Unorm8
    {CL_UNSIGNED_INT8, "-DCLG_IMG_U8", "CL_RGBA/CL_UNSIGNED_INT8"}, // U8
};
static_assert(std::size(kFormats) == size_t(ref::ImageFormat::U8) + 1, "one row for every format");
const FormatInfo& format_info(ref::ImageFormat f) {
    return kFormats[size_t(f)];
}

// The launch: a width x height image, work-groups of lx x ly work-items, each item `rows`
// texels of one column, so width is a multiple of lx and height of rows * ly.
struct Geometry {
    size_t width = 0, height = 0, lx = 1, ly = 1;
    size_t items(unsigned rows) const { return width * (height / rows); }
};

// Conformance: a few work-groups across and down (odd counts, so a mixed-up group index
// shows). Perf: rows of up to 16384 texels, and as many rows as make the image the size the
// memory harness gives one array (on a GPU several times the last-level cache: DRAM, not
// the L2, is what is read), within the device's image limits.
Geometry geometry(const ImageSpec& spec, Session& s, const cl::Kernel& kernel,
                  const RunOptions& opts) {
    const bool perf = opts.mode == Mode::Perf;
    const size_t local = pick_local_size(kernel, s, perf ? 256 : 32);
    Geometry g;
    g.lx = std::min<size_t>(local, perf ? 32 : 16);
    g.ly = local / g.lx;
    const size_t tall = spec.rows * g.ly;
    if (!perf) {
        g.width = 5 * g.lx;
        g.height = 3 * tall;
        return g;
    }
    const cl::Device& d = s.entry.device;
    const size_t max_w = d.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    const size_t max_h = d.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
    const size_t texel = ref::image_texel_bytes(spec.format);
    const size_t texels = memory_array_bytes(s, opts, 1) / texel;
    g.width = std::min(max_w, kMaxWidth) / g.lx * g.lx;
    // At least one tile tall: a small time budget shrinks the array below one tile's rows.
    const size_t rows = std::max(tall, texels / std::max<size_t>(g.width, 1));
    g.height = std::min(max_h, rows) / tall * tall;
    if (g.width == 0 || g.height == 0)
        throw std::runtime_error(spec.entry.id + ": the device's image limits (" +
                                 std::to_string(max_w) + " x " + std::to_string(max_h) +
                                 ") leave no room for one " + std::to_string(g.lx) + " x " +
                                 std::to_string(tall) + " tile");
    return g;
}

cl::NDRange global_range(const Geometry& g, unsigned rows) {
    return cl::NDRange(g.width, g.height / rows);
}

void add_details(const ImageSpec& spec, const Session& s, const Geometry& g, Measurement& m) {
    const size_t bytes = g.width * g.height * ref::image_texel_bytes(spec.format);
    m.details.insert(
        m.details.end(),
        {{"format", format_info(spec.format).name},
         {"image", std::to_string(g.width) + " x " + std::to_string(g.height)},
         {"image_bytes", std::to_string(bytes)},
         {"texels_per_item", std::to_string(spec.rows)},
         {"work_group", std::to_string(g.lx) + " x " + std::to_string(g.ly)},
         {"image_vs_cache", bytes > 4 * s.facts().global_cache ? "over 4x the global cache (DRAM)"
                                                               : "within 4x the global cache"}});
}

// Fills the image through image_write: the hashed data a read benchmark reads, or (with a
// different seed) junk that a write benchmark must overwrite.
void fill(Session& s, cl::Kernel& writer, const cl::Image2D& img, const Geometry& g, unsigned rows,
          uint32_t seed, double timeout_s) {
    set_args(writer, img, cl_uint(g.width), seed, cl_uint(1));
    cl::Event e;
    s.queue.enqueueNDRangeKernel(writer, cl::NullRange, global_range(g, rows),
                                 cl::NDRange(g.lx, g.ly), nullptr, &e);
    s.queue.flush();
    wait_for(e, timeout_s);
}

// The sampled work-items' checksums of the image against the CPU's.
Verification check_read(const ImageSpec& spec, Session& s, const Geometry& g, const cl::Buffer& out,
                        const RunOptions& opts) {
    const size_t items = g.items(spec.rows);
    const ref::ImageLaunch l{spec.format, opts.seed, g.width, g.height, spec.rows};
    const auto idx = check_sample(opts.mode, items, kPerfSampleItems);
    const auto expected =
        expected_words(idx, 1, [&](size_t i, uint64_t* w) { *w = ref::image_read_checksum(l, i); });
    return compare_exact(idx, 1, read_items(s, out, idx, items, 1, 4), expected, WordKind::U32);
}

// Whole rows of the written image read back: every row in conformance, a sample in perf.
Verification check_write(const ImageSpec& spec, Session& s, const Geometry& g,
                         const cl::Image2D& img, const RunOptions& opts) {
    const unsigned words = ref::image_texel_words(spec.format);
    const auto rows = check_sample(opts.mode, g.height, kPerfSampleRows);
    const size_t row_words = g.width * words;
    std::vector<uint32_t> back(rows.size() * row_words);
    for (size_t r = 0; r < rows.size(); ++r)
        s.queue.enqueueReadImage(img, CL_FALSE, {0, rows[r], 0}, {g.width, 1, 1}, 0, 0,
                                 &back[r * row_words]);
    s.queue.finish();
    const std::vector<uint64_t> got(back.begin(), back.end());
    std::vector<size_t> idx(rows.size() * g.width);
    std::vector<uint64_t> expected(got.size());
    parallel_for(rows.size(), [&](size_t begin, size_t end) {
        for (size_t r = begin; r < end; ++r)
            for (size_t x = 0; x < g.width; ++x) {
                const auto t = uint32_t(rows[r] * g.width + x);
                idx[r * g.width + x] = t;
                for (unsigned w = 0; w < words; ++w)
                    expected[r * row_words + x * words + w] =
                        ref::image_texel_word(spec.format, opts.seed, t, w, false);
            }
    });
    return compare_exact(idx, words, got, expected, WordKind::U32);
}

Measurement run_image(const ImageSpec& entry_spec, Session& s, const ImplPath& path,
                      const RunOptions& opts) {
    ImageSpec spec = entry_spec;
    if (s.facts().is_cpu()) spec.rows = std::min(spec.rows, kCpuRows);
    MeasurementDriver d(s, opts);
    const std::string options = std::string(format_info(spec.format).define) +
                                " -DCLG_ROWS=" + std::to_string(spec.rows) +
                                (path.options.empty() ? "" : " " + path.options);
    cl::Kernel writer = d.kernel("image.cl", "image_write", options);
    cl::Kernel reader = d.kernel("image.cl", "image_read", options);
    const bool reading = spec.op == ImageOp::Read;
    const Geometry g = geometry(spec, s, reading ? reader : writer, opts);
    const size_t texel = ref::image_texel_bytes(spec.format);
    const size_t items = g.items(spec.rows);
    require_allocation(s, g.width * g.height * texel, spec.entry.id + " image");

    const cl::ImageFormat format(CL_RGBA, format_info(spec.format).channel);
    cl::Image2D img(s.context, CL_MEM_READ_WRITE, format, g.width, g.height);
    // Read: the data; write: junk the benchmark must overwrite (another seed).
    fill(s, writer, img, g, spec.rows, reading ? opts.seed : opts.seed ^ 0xa5a5a5a5u,
         opts.timeout_s);

    // The reader or the writer launched over the image, one work-item per `rows` texels.
    cl::Kernel& timed = reading ? reader : writer;
    cl::Buffer out;
    if (reading) {
        out = cl::Buffer(s.context, CL_MEM_READ_WRITE, items * 4);
        // Junk first, so a kernel that stores nothing cannot pass.
        s.queue.enqueueFillBuffer(out, cl_uint(0xdeadbeefu), 0, items * 4);
        set_args(reader, img, out);
    } else {
        writer.setArg(2, opts.seed);
        writer.setArg(3, cl_uint(0));
    }
    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        cl::Event e;
        q.enqueueNDRangeKernel(timed, cl::NullRange, global_range(g, spec.rows),
                               cl::NDRange(g.lx, g.ly), nullptr, &e);
        return e;
    };
    h.sizing.slowdown_relaunches = true;
    h.describe = [&](Measurement& m) {
        m.global_size = items;
        m.local_size = g.lx * g.ly;
        add_details(spec, s, g, m);
        m.work_per_launch = double(g.width) * double(g.height) * double(texel) +
                            (reading ? double(items) * 4 : 0.0);
    };
    h.check.verify = [&] {
        return reading ? check_read(spec, s, g, out, opts) : check_write(spec, s, g, img, opts);
    };
    h.check.noun = reading ? "checksums" : "texel words";
    h.peak = memory_peak(s.facts());
    return d.run(h);
}

} // namespace

Benchmark image_benchmark(ImageSpec spec) {
    spec.entry.family = "image";
    spec.entry.unit = Unit::BytePerSecond;
    spec.entry.paths = {{"native", {Need::Images}, ""}};
    return make_benchmark(std::move(spec), run_image);
}

} // namespace clgauge
