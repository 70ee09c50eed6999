#include "harness/cache.hpp"

#include "harness/launch.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"
#include "reference/cache.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace clgauge {
namespace {

constexpr size_t kElementBytes = 16; // float4
constexpr size_t kConformanceGroups = 4;
constexpr unsigned kConformanceExtraSteps = 3; // past one cover of the window: the wrap runs
constexpr uint32_t kConformanceMaxSteps = 64;
constexpr size_t kPerfSampleItems = 256;
constexpr double kPerfReferenceLoads = 2e7; // element loads the CPU recomputes per perf check
constexpr uint32_t kCoversPastL2 = 16;

Measurement run_cache(const CacheSpec& spec, Session& s, const ImplPath& path,
                      const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    const bool perf = d.perf();
    CacheSize asked;
    if (opts.launch.working_set_bytes)
        asked = {double(*opts.launch.working_set_bytes), "set by the run (a sweep point)"};
    else
        asked = spec.working_set(s.facts());
    const size_t window = cache_window_bytes(size_t(asked.bytes));
    require_allocation(s, window, spec.entry.id + " working set");
    if (window / kElementBytes * 4 > UINT32_MAX) // the fill's word index is a uint
        throw AllocationTooLarge(spec.entry.id + ": a working set of " +
                                 cache_size_text(double(window)) + " is past the kernel's 16 GiB");
    const auto n = static_cast<uint32_t>(window / kElementBytes);

    cl::Kernel kernel = d.kernel("cache.cl", "cache_read", path.options);
    cl::Kernel filler = d.kernel("cache.cl", "cache_fill", path.options);
    // CLGAUGE_MEM_TUNE's local and wgs reshape the launch (tuning on a GPU without a rebuild;
    // its parser refuses 0).
    const size_t local =
        pick_local_size(kernel, s, opts.launch.mem_tune.local.value_or(spec.local));
    const unsigned groups_per_cu = opts.launch.mem_tune.wgs.value_or(spec.groups_per_cu);
    const size_t slots = (local + ref::kCacheRow - 1) / ref::kCacheRow;
    const size_t groups =
        d.sized(ModeSizes<size_t>{.perf = cache_perf_groups(n / ref::kCacheChunk, slots,
                                                            s.facts().compute_units, groups_per_cu),
                                  .conformance = kConformanceGroups});
    const size_t global = groups * local;

    // A step moves an item past its group's span; the groups start an equal share of the
    // window apart, so a chunk is read again only after about the whole window has been read
    // (shares rounded down to whole spans left a quarter of a 64 MiB window out of that
    // distance: an H100 served 64 MiB from its 50 MiB L2).
    const uint32_t chunk = ref::kCacheChunk;
    const size_t span = slots * chunk;
    const auto jump = static_cast<uint32_t>((span - 1) % n + 1);
    const auto phase = static_cast<uint32_t>(cache_phase_chunks(n / chunk, groups) * chunk);

    cl::Buffer data(s.context, CL_MEM_READ_WRITE, window);
    fill_buffer(s, filler, data, n, opts.timeout_s, opts.seed);
    cl::Buffer out(s.context, CL_MEM_READ_WRITE, global * kElementBytes);
    // NaN bits in `out` first: a kernel that stores nothing fails.
    s.queue.enqueueFillBuffer(out, cl_uint(0x7fc0dead), 0, global * kElementBytes);

    // One launch reads the whole window at least once (else a window larger than a cache would
    // be re-read from it by the next launch), and at most the steps whose sums stay exact.
    const size_t loads_per_step = global * ref::kCacheUnroll;
    const auto cover = static_cast<uint32_t>((n + loads_per_step - 1) / loads_per_step);
    uint32_t most = d.fitting_repeats(ref::kCacheMaxSteps);
    // Past the L2, a launch reads the window at most kCoversPastL2 times: over a long launch the
    // groups drift into convoys, each reading what the one ahead just read, and the L2 serves a
    // window several times its size (baselines/nvidia/NOTES.md: with few covers a window past the
    // L2 reads at its DRAM's rate). CLGAUGE_MEM_TUNE's covers (a probe) is taken as it is.
    const auto pinned = opts.launch.mem_tune.covers;
    if (perf && !pinned && double(window) > second_level_cache(s.facts()).bytes)
        most = std::min(most, std::max(cover, 1u) * kCoversPastL2);
    if (cover > most)
        throw std::runtime_error(spec.entry.id + ": a " + cache_size_text(double(window)) +
                                 " window needs more steps than a launch's sums hold exactly");
    uint32_t repeats = d.sized(
        ModeSizes<uint32_t>{.perf = cover * pinned.value_or(1),
                            .conformance = std::min(std::max(cover, 1u) + kConformanceExtraSteps,
                                                    std::max(kConformanceMaxSteps, cover))});
    // Conformance: not a whole number of the walk's periods, where a period is more than one
    // step, so every item's sum depends on where it started (a lost phase shows).
    const uint64_t period = n / std::gcd(jump, n);
    if (!perf && period > 1 && repeats % period == 0) ++repeats;
    repeats = std::min(repeats, most);

    set_args(kernel, out, data, n, jump, phase);
    d.repeats = repeats;
    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        kernel.setArg(5, static_cast<cl_uint>(d.launched_repeats()));
        return enqueue_range(q, kernel, global, local);
    };
    h.sizing.grow = [&](double factor) { return d.grow_repeats(factor, most); };
    h.sizing.pinned = pinned.has_value();
    h.describe = [&](Measurement& m) {
        m.global_size = global;
        m.local_size = local;
        m.work_per_launch = double(global) * d.repeats * ref::kCacheUnroll * kElementBytes;
        m.details = {{"working_set", cache_size_text(double(window))},
                     {"working_set_bytes", std::to_string(window)},
                     {"working_set_basis", asked.basis},
                     {"work_groups", std::to_string(groups)},
                     {"steps_per_item", std::to_string(d.repeats)}};
        if (perf) m.details.push_back({"most_wgs_per_cu", std::to_string(groups_per_cu)});
    };
    h.check.verify = [&] {
        // Each item's check costs at most one period of its walk.
        const ref::CacheLaunch launch{
            opts.seed, n, jump, phase, uint32_t(local), uint64_t(d.launched_repeats())};
        const double loads_per_check =
            double(std::min<uint64_t>(launch.steps, period)) * ref::kCacheUnroll;
        const size_t sample =
            std::clamp<size_t>(size_t(kPerfReferenceLoads / loads_per_check), 32, kPerfSampleItems);
        const auto items = check_sample(opts.mode, global, sample);
        const auto expected = expected_words(items, 4, [&](size_t item, uint64_t* w) {
            uint32_t words[4];
            ref::cache_read(launch, item, words);
            std::copy(words, words + 4, w);
        });
        return compare_exact(items, 4, read_items(s, out, items, global, 4, 4), expected,
                             WordKind::F32);
    };
    return d.run(h);
}

} // namespace

size_t cache_perf_groups(size_t window_chunks, size_t slots, size_t compute_units,
                         unsigned groups_per_cu) {
    const size_t units = std::max<size_t>(1, compute_units);
    return std::clamp(window_chunks / std::max<size_t>(1, slots), units,
                      units * std::max(1u, groups_per_cu));
}

size_t cache_phase_chunks(size_t window_chunks, size_t groups) {
    return window_chunks / std::max<size_t>(1, groups);
}

size_t cache_window_bytes(size_t bytes) {
    const size_t chunk = ref::kCacheChunk * kElementBytes;
    return std::max(chunk, bytes / chunk * chunk);
}

Benchmark cache_benchmark(CacheSpec spec) {
    return make_benchmark(std::move(spec), run_cache, "cache", Unit::BytePerSecond);
}

} // namespace clgauge
