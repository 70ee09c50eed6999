#include "harness/mma.hpp"

#include "base/number_text.hpp"
#include "harness/adapter.hpp"
#include "harness/launch.hpp"
#include "harness/sm_clock_sum.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

namespace clgauge {
namespace {

namespace mm = ref::mma;

// The MMA pairs unrolled per repeat (CLG_STEPS). A small launch runs one pair per tile (3 MMAs):
// every MMA is hundreds of barriers in the emulation, which a simulator checks one by one.

constexpr size_t kConformanceGroups = 8; // a few tiles of each kind, quick on a 2-core CPU
constexpr size_t kSmallGroups = 4;       // RunOptions::small_launch: tiles 0-3, one special
constexpr size_t kPerfSampleTiles = 16;
// Each tile costs a fixed time besides its MMAs (fragments made from the seed, the store):
// tens to hundreds of MMAs' worth, fitted to rates at three chain lengths (docs/families.md).
// Perf chains are at least this many MMA pairs long so that cost stays near 1%; a chain as
// calibration happened to land read a rate that moved by 2x with it. Where such a launch
// would break the budget's bound (a CPU emulating the MMAs, a path the device runs slowly)
// the chain is as long as fits it.
constexpr uint64_t kMinPerfPairs = 16384;

std::string describe(uint32_t bits, bool is_float) {
    return describe_word(bits, is_float ? WordKind::F32 : WordKind::U32);
}

// One element: exact (bit-equal; +0 and -0 count as equal), NaN for NaN, the same infinity,
// else within the bound.
bool element_ok(uint32_t got, uint32_t expected, double bound, bool is_float) {
    if (!is_float || got == expected) return got == expected;
    const float g = std::bit_cast<float>(got), e = std::bit_cast<float>(expected);
    if (std::isnan(e)) return std::isnan(g);
    if (std::isinf(e) || std::isnan(g) || std::isinf(g)) return false;
    if (bound == 0) return g == e;
    return std::fabs(double(g) - double(e)) <= bound;
}

Verification check_tiles(const MmaSpec& spec, const MmaShape& shape,
                         const std::vector<size_t>& tiles, const std::vector<uint32_t>& all,
                         uint32_t seed, uint64_t pairs) {
    Verification v;
    const bool is_float = mm::is_float(spec.format);
    const size_t per_tile = size_t(shape.tile.m) * shape.tile.n;
    std::vector<uint32_t> expected(per_tile);
    std::vector<double> bound(per_tile);
    std::set<uint32_t> distinct;
    size_t special_checked = 0;
    for (size_t tile : tiles) {
        mm::tile_reference(spec.format, shape.tile, seed, uint32_t(tile), pairs, expected.data(),
                           bound.data());
        const bool special = is_float && mm::special_tile(uint32_t(tile));
        special_checked += special;
        for (size_t i = 0; i < per_tile; ++i) {
            const uint32_t got = all[tile * per_tile + i];
            ++v.checked;
            distinct.insert(expected[i]);
            if (!special && is_float && word_not_finite(expected[i], WordKind::F32) &&
                v.degenerate.empty())
                v.degenerate = "expected value of exact tile " + std::to_string(tile) +
                               " is not finite: " + describe(expected[i], true);
            if (!element_ok(got, expected[i], bound[i], is_float) && v.mismatches++ == 0) {
                v.first_mismatch =
                    "tile " + std::to_string(tile) + " C[" + std::to_string(i / shape.tile.n) +
                    "][" + std::to_string(i % shape.tile.n) + "]: got " + describe(got, is_float) +
                    ", expected " + describe(expected[i], is_float);
                if (bound[i] > 0) v.first_mismatch += " +- " + std::to_string(bound[i]);
            }
        }
    }
    if (v.degenerate.empty() && distinct.size() < per_tile / 2)
        v.degenerate = "only " + std::to_string(distinct.size()) +
                       " distinct expected values: the check would prove little";
    if (v.degenerate.empty() && is_float && special_checked == 0)
        v.degenerate = "no tile with special values was checked";
    return v;
}

Measurement run_mma(const MmaSpec& spec, Session& s, const MmaPath& mp, const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    const MmaShape& shape = mp.shape;
    const unsigned steps = mma_unrolled_pairs(shape, opts);
    cl::Kernel kernel = d.kernel("mma.cl", "mma", mma_build_options(spec, mp, opts));
    const size_t local = shape.local_size;
    require_work_group(kernel, s, local);
    const size_t groups_per_wg = local / shape.group_items;
    const size_t tile_bytes = size_t(shape.tile.m) * shape.tile.n * 4;
    const size_t wg_bytes = groups_per_wg * shape.tiles_per_group * tile_bytes;

    const size_t cu = std::max<size_t>(1, s.facts().compute_units);
    // The perf shape is fixed (MmaShape::perf_wgs_per_cu), so that it does not depend on what
    // calibration timed.
    const size_t perf_wgs = std::min(cu * shape.perf_wgs_per_cu, max_buffer_bytes(s) / wg_bytes);
    const size_t wgs = d.sized(
        ModeSizes<size_t>{.perf = perf_wgs,
                          .conformance = (kConformanceGroups + groups_per_wg - 1) / groups_per_wg,
                          .small = (kSmallGroups + groups_per_wg - 1) / groups_per_wg});
    require_allocation(s, wgs * wg_bytes, spec.entry.id + " output");
    cl::Buffer out(s.context, CL_MEM_WRITE_ONLY, wgs * wg_bytes);
    SmClockSum clock(s, mp.sm_clock);

    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        set_args(kernel, out, opts.seed, cl_uint(d.launched_repeats()));
        clock.bind(kernel, 3);
        return enqueue_range(q, kernel, wgs * local, local);
    };
    // The chain floor, kept as far as the budget's bound allows (an mma.i2 launch of one
    // repeat, 33 MMAs a tile, is mostly the tile's fixed cost).
    const uint32_t floor_repeats = uint32_t((kMinPerfPairs + steps - 1) / steps);
    h.sizing.short_of_floor = [&] { return double(floor_repeats) / d.repeats; };
    // Calibration lengthens each tile's chain.
    h.sizing.grow = [&](double factor) { return d.grow_repeats(factor, 1u << 20); };

    const size_t tiles = wgs * groups_per_wg * shape.tiles_per_group;
    h.describe = [&](Measurement& m) {
        const uint64_t pairs = uint64_t(d.repeats) * steps;
        m.global_size = wgs * local;
        m.local_size = local;
        m.work_per_launch = double(tiles) * double(2 * pairs + 1) * mm::ops_per_mma(shape.tile);
        m.details = {
            {"mma", shape.instruction},
            {"shape", "m" + std::to_string(shape.tile.m) + "n" + std::to_string(shape.tile.n) +
                          "k" + std::to_string(shape.tile.k) +
                          (!shape.tile.sparse                            ? ""
                           : mm::sparse_chunk_elements(spec.format) == 2 ? ", A 1:2 sparse"
                                                                         : ", A 2:4 sparse")},
            {"tiles_per_group", std::to_string(shape.tiles_per_group)},
            {"mmas_per_tile", std::to_string(2 * pairs + 1)},
            {"seed", std::to_string(opts.seed)}};
        clock.describe(m);
    };
    h.check.verify = [&] {
        std::vector<uint32_t> all(tiles * tile_bytes / 4);
        s.queue.enqueueReadBuffer(out, CL_TRUE, 0, all.size() * 4, all.data());
        std::vector<size_t> items = check_sample(d.opts.mode, tiles, kPerfSampleTiles);
        if (tiles > 3 && std::find(items.begin(), items.end(), size_t(3)) == items.end())
            items.push_back(3); // always one tile with special values
        return check_tiles(spec, shape, items, all, opts.seed,
                           uint64_t(d.launched_repeats()) * steps);
    };
    h.check.noun = "values";
    return d.run(h);
}

Measurement run_mma_path(const MmaSpec& spec, Session& s, const ImplPath& path,
                         const RunOptions& opts) {
    for (const auto& p : spec.paths)
        if (p.path.name == path.name) return run_mma(spec, s, p, opts);
    throw std::runtime_error(spec.entry.id + " has no path " + path.name);
}

} // namespace

unsigned mma_unrolled_pairs(const MmaShape& shape, const RunOptions& opts) {
    return opts.small_launch ? 1u : shape.steps;
}

std::string mma_build_options(const MmaSpec& spec, const MmaPath& mp, const RunOptions& opts) {
    return spec.options + " -DCLG_STEPS=" + std::to_string(mma_unrolled_pairs(mp.shape, opts)) +
           " -DCLG_MMA_TILES=" + std::to_string(mp.shape.tiles_per_group) +
           (mp.path.options.empty() ? "" : " " + mp.path.options) +
           (mp.sm_clock ? " -DCLG_SM_CLOCK" : "");
}

Benchmark mma_benchmark(MmaSpec spec) {
    spec.entry.family = "mma";
    spec.entry.paths.clear();
    for (const auto& p : spec.paths)
        spec.entry.paths.push_back(p.path);
    Benchmark b = make_benchmark(std::move(spec), run_mma_path);
    b.loop_claim = [](const Benchmark& self, const std::string& path,
                      const RunOptions& opts) -> std::optional<LoopClaim> {
        for (const MmaPath& mp : spec_of<MmaSpec>(self).paths) {
            if (mp.path.name != path) continue;
            const MmaShape& s = mp.shape;
            const double mmas = 2.0 * mma_unrolled_pairs(s, opts) * s.tiles_per_group;
            return LoopClaim{"mma", mmas * mm::ops_per_mma(s.tile) / s.group_items,
                             number_text(mmas, "%g") + " MMAs of " +
                                 number_text(mm::ops_per_mma(s.tile), "%g") + " a group of " +
                                 std::to_string(s.group_items)};
        }
        return std::nullopt;
    };
    return b;
}

} // namespace clgauge
