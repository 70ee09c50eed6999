#include "harness/memory.hpp"

#include "base/number_text.hpp"
#include "core/memory_peak.hpp"
#include "harness/launch.hpp"
#include "measure/measurement_driver.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace clgauge {
namespace {

// Conformance arrays: about 1 MiB, a word count with odd multiples in it so the grid loops'
// remainders and the kernels' bounds checks run.
constexpr size_t kConformanceWords = 262144 + 3 * 16 * 7;
// RunOptions::small_launch: the same odd remainder on 16 KiB, in work-groups of at most 64.
constexpr size_t kSmallWords = 4096 + 3 * 16 * 7;
constexpr size_t kSmallMaxLocal = 64;
constexpr size_t kPerfSampleItems = 256;
constexpr double kCheckWordBudget = 2e7; // CPU words recomputed per reduce check in perf mode
constexpr size_t kChunkWords = 4096;     // perf checks of stored arrays read whole chunks
constexpr size_t kChunks = 48;
// One array on a CPU device: 25.6 MiB, the size the default budget of 100 ms gave it when the
// size followed the budget, whatever the budget: a budget sets how long a figure is measured,
// not what is measured.
constexpr double kCpuArrayBytes = double(64 << 20) * 0.4;
// A perf array cut to keep the budget's bound stays at least this many times the device's
// last-level cache.
constexpr size_t kFarPastCache = 16;

struct Tune {
    unsigned vec, unroll, wgs;
    size_t local;
    unsigned tile; // 0: grid-stride
};

// The entry's launch shape, with RunOptions::launch.mem_tune's overrides for the tunable entries.
Tune tune_for(const MemSpec& spec, const MemTune& over) {
    Tune t{spec.vec, spec.unroll, spec.wgs_per_cu, spec.local, spec.tile};
    if (!spec.tunable) return t;
    t.vec = over.vec.value_or(t.vec);
    t.unroll = over.unroll.value_or(t.unroll);
    t.wgs = over.wgs.value_or(t.wgs);
    t.local = over.local.value_or(t.local);
    t.tile = over.tile.value_or(t.tile);
    return t;
}

size_t word_bytes(WordKind k) {
    return k == WordKind::F64 || k == WordKind::U64 ? 8 : 4;
}

const char* fill_kernel(WordKind k) {
    return k == WordKind::F64   ? "clg_fill_f64"
           : k == WordKind::F32 ? "clg_fill_f32"
                                : "clg_fill_u32";
}

std::string options_for(const MemSpec& spec, const ImplPath& path, const Tune& tune,
                        const std::string& cl_std) {
    std::string options = spec.options + " -DCLG_VEC=" + std::to_string(tune.vec) +
                          " -DCLG_UNROLL=" + std::to_string(tune.unroll);
    if (spec.geometry == MemGeometry::Grid && tune.tile > 0)
        options += " -DCLG_TILE=" + std::to_string(tune.tile);
    if (spec.kind == WordKind::F64) options += " -DCLG_F64";
    if (!path.options.empty()) options += " " + path.options;
    if (spec.subgroup_std && std::count(path.needs.begin(), path.needs.end(), Need::KhrSubgroups))
        options += " " + cl_std;
    return options;
}

// One launch shape timed by `d` within `share` of the budget; `unused`: bound to the inputs
// the kernel does not read.
Measurement run_once(const MemSpec& spec, Session& s, const ImplPath& path, MeasurementDriver& d,
                     const Tune& tune, unsigned param, const cl::Buffer& unused, double share) {
    const RunOptions& opts = d.opts;
    const bool perf = d.perf();
    const size_t wb = word_bytes(spec.kind);
    const bool tiled = spec.geometry == MemGeometry::Grid && tune.tile > 0;
    const std::string options = options_for(spec, path, tune, s.caps.cl_std_for_subgroups());
    cl::Kernel kernel = d.kernel(spec.source, spec.kernel, options);
    // The fills: on a CPU device from transfer.cl's one program, since a CPU driver compiles a
    // kernel at its first launch once for each program that holds it (PoCL); elsewhere from
    // the entry's own program, the one code its baselines' fingerprints name.
    const bool shared_fills = s.facts().is_cpu();
    const std::string fill_source = shared_fills ? "transfer.cl" : spec.source;
    const std::string fill_options = shared_fills ? "" : options;
    cl::Kernel filler = d.kernel(fill_source, fill_kernel(spec.kind), fill_options);
    cl::Kernel junk = d.kernel(fill_source, "clg_fill_u32", fill_options);
    const size_t local = pick_local_size(
        kernel, s, opts.small_launch ? std::min(tune.local, kSmallMaxLocal) : tune.local);
    const size_t unit = wb * tune.vec;

    const unsigned arrays = spec.inputs + (spec.reduces ? 0 : 1);
    const size_t bytes =
        d.sized(ModeSizes<size_t>{.perf = memory_array_bytes(s, opts, std::max(1u, arrays)),
                                  .conformance = kConformanceWords * 4,
                                  .small = kSmallWords * 4});
    size_t quantum = spec.whole_groups ? local : 1;
    if (spec.stride_ratio) quantum = std::max<size_t>(quantum, param);
    if (spec.geometry == MemGeometry::PerBlock) quantum = std::max<size_t>(quantum, param);
    if (tiled) quantum = std::max<size_t>(quantum, local * tune.tile);
    size_t n = bytes / unit / quantum * quantum;
    if (n == 0) throw std::runtime_error(spec.entry.id + ": array too small for one unit");

    size_t items = n, global = 0;
    // The work-items that stream `n` units.
    const auto lay_out = [&] {
        switch (spec.geometry) {
        case MemGeometry::PerUnit:
            items = n;
            global = round_up(n, local);
            break;
        case MemGeometry::PerBlock:
            items = n / param;
            global = round_up(items, local);
            break;
        case MemGeometry::Grid:
            if (tiled) {
                items = global = n / tune.tile;
                break;
            }
            // A GPU gets a few waves of work-groups; a CPU device runs a work-group's items as
            // a loop, so it streams best with a few units per item. Conformance: several loop
            // trips and remainders per item.
            if (perf && !s.facts().is_cpu())
                global = size_t(s.facts().compute_units) * tune.wgs * local;
            else
                global = std::max(
                    local, n / (spec.stride_ratio ? param : 1) /
                               d.sized(ModeSizes<size_t>{.perf = 4 * tune.unroll,
                                                         .conformance = 2 * tune.unroll + 3}) /
                               local * local);
            global = std::min(global, round_up(n, local));
            items = global;
            break;
        }
    };
    lay_out();

    require_allocation(s, n * unit, spec.entry.id + " array");
    std::vector<cl::Buffer> in;
    for (unsigned k = 0; k < spec.inputs; ++k) {
        // Read-write: the fill kernel writes what the benchmark kernel only reads.
        in.emplace_back(s.context, CL_MEM_READ_WRITE, n * unit);
        fill_buffer(s, filler, in.back(), n * tune.vec, opts.timeout_s, opts.seed, cl_uint(k));
    }
    const auto out_words = [&] { return spec.reduces ? items : n * tune.vec; };
    const size_t out_capacity = out_words();
    cl::Buffer out(s.context, CL_MEM_READ_WRITE, out_capacity * wb);
    // Junk in `out` first, so a kernel that stores nothing cannot pass on stale results.
    auto clear_out = [&] {
        fill_buffer(s, junk, out, out_capacity * wb / 4, opts.timeout_s, opts.seed ^ 0xa5a5a5a5u,
                    cl_uint(7));
    };
    clear_out();

    cl_uint launch_param = param;
    KernelHarness h;
    const auto input = [&](unsigned k) -> const cl::Buffer& {
        return k < in.size() ? in[k] : unused;
    };
    h.enqueue = [&](cl::CommandQueue& q) {
        set_args(kernel, out, input(0), input(1), input(2), cl_uint(n), launch_param, opts.seed);
        return enqueue_range(q, kernel, global, local);
    };
    h.sizing.slowdown_relaunches = true;
    h.peak = memory_peak(s.facts());
    // A launch longer than the budget's bound streams a prefix of the arrays, which stays far
    // past the last-level cache: what is measured is still the memory's bandwidth.
    const size_t least_units = std::max<size_t>(quantum, kFarPastCache * s.facts().global_cache /
                                                             unit / quantum * quantum);
    h.sizing.shrink = [&](double factor) {
        const size_t cut = std::max(least_units, size_t(double(n) * factor) / quantum * quantum);
        if (cut >= n) return false;
        n = cut;
        lay_out();
        return true;
    };
    const auto work = [&] {
        return double(n) * double(unit) * double(spec.loads + spec.stores) +
               (spec.reduces ? double(items) * double(wb) : 0.0);
    };

    h.describe = [&](Measurement& m) {
        m.global_size = global;
        m.local_size = local;
        m.work_per_launch = work();
        m.details = {{"array_bytes", std::to_string(n * unit)},
                     {"units", std::to_string(n)},
                     {"vec_words", std::to_string(tune.vec)},
                     {"work_items", std::to_string(items)}};
        if (tiled)
            m.details.push_back({"tile_units_per_item", std::to_string(tune.tile)});
        else if (spec.geometry == MemGeometry::Grid)
            m.details.insert(m.details.end(), {{"unroll", std::to_string(tune.unroll)},
                                               {"wgs_per_cu", std::to_string(tune.wgs)}});
        if (param) m.details.push_back({"param", std::to_string(param)});
    };

    // Verify what the last launch left in `out`.
    h.check.verify = [&] {
        const ref::MemLaunch launch{
            opts.seed, n, items, tune.vec, param, local, tiled ? tune.tile : 0};
        std::vector<size_t> idx;
        std::vector<uint64_t> got;
        if (spec.reduces) {
            const double words_per_item = double(n) * tune.vec / double(items);
            idx = check_sample(opts.mode, items,
                               std::clamp<size_t>(size_t(kCheckWordBudget / words_per_item), 16,
                                                  kPerfSampleItems));
            got = read_items(s, out, idx, items, 1, wb);
        } else if (!perf || out_words() <= kChunks * kChunkWords) {
            idx.resize(out_words());
            for (size_t i = 0; i < idx.size(); ++i)
                idx[i] = i;
            got = read_words(s, out, 0, idx.size(), wb);
        } else {
            const size_t stored = out_words();
            for (size_t c : sample_items(stored / kChunkWords, kChunks)) {
                const size_t first = std::min(c * kChunkWords, stored - kChunkWords);
                const auto words = read_words(s, out, first, kChunkWords, wb);
                for (size_t i = 0; i < kChunkWords; ++i) {
                    idx.push_back(first + i);
                    got.push_back(words[i]);
                }
            }
        }
        const auto expected =
            expected_words(idx, 1, [&](size_t i, uint64_t* w) { *w = spec.reference(launch, i); });
        return compare_exact(idx, 1, got, expected, spec.kind);
    };
    // With a ratio to stride 1: the entry's stride first, cut to the bound where its launch is
    // too long, then stride 1 over the same units; each has half the budget.
    const bool two_strides = spec.stride_ratio && param != 1;
    Measurement m = d.run(h, two_strides ? share / 2 : share);
    if (two_strides && m.status == Status::Ok) {
        launch_param = 1;
        const Timings t1 = d.time(h, share / 2);
        const double rate1 = t1.device.median > 0 ? work() / t1.device.median : 0;
        m.details.push_back({"stride1_rate_Bps", number_text(rate1)});
        if (rate1 > 0)
            m.details.push_back({"ratio_to_stride1", number_text(m.rate() / rate1, "%.3f")});
        d.note_spent(m);
    }
    return m;
}

unsigned preferred_int_width(const Session& s) {
    cl_uint w = 0;
    clGetDeviceInfo(s.entry.device(), CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, sizeof w, &w, nullptr);
    unsigned p = 1;
    while (p * 2 <= std::min<cl_uint>(w, 16))
        p *= 2;
    return p;
}

Measurement run_memory(const MemSpec& spec, Session& s, const ImplPath& path,
                       const RunOptions& opts) {
    const Tune tune = tune_for(spec, opts.launch.mem_tune);
    // One placeholder for the whole run, not one per width: Oclgrind 21.10 takes a larger
    // buffer that reuses a released small argument's address as uninitialized past its 64
    // bytes (docs/reproducers/oclgrind/released_buffer.c).
    const cl::Buffer unused(s.context, CL_MEM_READ_ONLY, 64);
    const unsigned param = spec.stride_ratio ? opts.launch.stride.value_or(spec.param) : spec.param;
    MeasurementDriver d(s, opts);
    if (!spec.vector_sweep) {
        return run_once(spec, s, path, d, tune, param, unused, 1);
    }
    // Copy with every vector width, the figure at the device's preferred one; each width has
    // an equal share of the budget, and the budget's note counts them all.
    const unsigned preferred = preferred_int_width(s);
    const unsigned widths[] = {1, 2, 4, 8, 16};
    Measurement m;
    double best = 0;
    unsigned best_width = 0;
    std::vector<std::pair<std::string, std::string>> rates;
    for (unsigned v : widths) {
        Tune t = tune;
        t.vec = v;
        Measurement r =
            run_once(spec, s, path, d, t, param, unused, 1.0 / double(std::size(widths)));
        if (r.status != Status::Ok) {
            r.reason = "vector width " + std::to_string(v) + ": " + r.reason;
            return r;
        }
        rates.push_back({"rate_v" + std::to_string(v) + "_Bps", number_text(r.rate())});
        if (r.rate() > best) best = r.rate(), best_width = v;
        if (v == preferred) m = std::move(r);
    }
    d.note_spent(m);
    m.details.insert(m.details.end(), rates.begin(), rates.end());
    m.details.push_back({"preferred_width", std::to_string(preferred)});
    m.details.push_back({"best_width", std::to_string(best_width)});
    m.details.push_back({"preferred_share_of_best", number_text(m.rate() / best, "%.3f")});
    m.details.push_back(
        {"label_note", "v" + std::to_string(preferred) + ", best v" + std::to_string(best_width)});
    return m;
}

} // namespace

size_t memory_array_bytes(const Session& s, const RunOptions& opts, unsigned arrays) {
    const DeviceFacts& f = s.facts();
    double bytes;
    if (opts.launch.array_bytes)
        bytes = double(*opts.launch.array_bytes);
    else if (f.is_cpu())
        bytes = kCpuArrayBytes;
    else if (const auto peak = memory_peak(f))
        // Every launch's event stamps carry a fixed few microseconds (an empty kernel's START to
        // END: baselines/nvidia/NOTES.md): launches of 2.5 ms or more keep that a small share.
        // 12 GiB keeps word indices within 32 bits.
        bytes =
            std::clamp(peak->bytes_per_second * 2.5e-3, double(2ull << 30), double(12ull << 30));
    else
        bytes = std::clamp(64.0 * double(f.global_cache), double(2ull << 30), double(4ull << 30));
    const double cap = std::min(double(f.max_alloc), double(f.global_mem) / 2.0 / arrays);
    bytes = std::min(bytes, cap);
    return size_t(bytes) / 4096 * 4096;
}

std::string memory_build_options(const MemSpec& spec, const ImplPath& path, const RunOptions& opts,
                                 const std::string& cl_std) {
    return options_for(spec, path, tune_for(spec, opts.launch.mem_tune), cl_std);
}

Benchmark memory_benchmark(MemSpec spec) {
    spec.entry.unit = Unit::BytePerSecond;
    return make_benchmark(std::move(spec), run_memory);
}

} // namespace clgauge
