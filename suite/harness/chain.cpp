#include "harness/chain.hpp"

#include "base/number_text.hpp"
#include "harness/adapter.hpp"
#include "harness/launch.hpp"
#include "measure/measurement_driver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clgauge {
namespace {

constexpr size_t kConformanceItems = 4096;
// RunOptions::small_launch: two work-groups of 32 (a simulator runs every step of every item).
constexpr size_t kSmallItems = 64, kSmallLocal = 32;
constexpr size_t kPerfSampleItems = 256;
// Work-groups of kLocal items (the kernel's limit may lower it; a small launch uses
// kSmallLocal); perf launches kPerfGroupsPerCu of them per compute unit, several whole waves
// on any GPU, so a partial last wave costs little.
constexpr size_t kLocal = 256, kPerfGroupsPerCu = 64;
// A GPU launch has a fixed cost of its own: the waves ramp up and drain, so short launches
// read measurably below long ones (baselines/nvidia/NOTES.md). Perf launches on a GPU aim at
// least this long, within what lets the budget keep its bound (Budget::most_launch_seconds()),
// where that cost is a negligible share.
constexpr double kGpuLaunchFloorSeconds = 0.05;
// Bounds the CPU time of a perf-mode check (software fp16 costs ~50 ns a step).
constexpr double kPerfReferenceSteps = 4e7;
constexpr size_t kPerfCrossCheckItems = 16;

} // namespace

// CLG_STEPS. CLGAUGE_MEM_TUNE's unroll overrides the steps unrolled per repeat: a probe of the
// code size without a rebuild.
unsigned chain_unrolled_steps(const ChainSpec& spec, const RunOptions& opts, bool cpu_device) {
    const bool capped = cpu_device && !spec.reference_follows_unroll;
    return opts.launch.mem_tune.unroll.value_or(capped ? std::min(spec.steps, kCpuChainSteps)
                                                       : spec.steps);
}

namespace {

Measurement run_chain(const ChainSpec& spec, Session& s, const ImplPath& path,
                      const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    const bool cpu = s.facts().is_cpu();
    const unsigned unrolled = chain_unrolled_steps(spec, opts, cpu);
    cl::Kernel kernel =
        d.kernel(spec.source, spec.kernel, chain_build_options(spec, path, opts, cpu));
    // CLGAUGE_MEM_TUNE's local (and wgs, below) reshape the launch: probing a GPU without a
    // rebuild.
    const size_t local = pick_local_size(
        kernel, s, opts.small_launch ? kSmallLocal : opts.launch.mem_tune.local.value_or(kLocal));
    const size_t item_bytes = spec.word_bytes * spec.words_per_item;

    // Perf: kPerfGroupsPerCu groups per unit; the work per item grows with `repeats` to the
    // target.
    const size_t groups_per_cu = opts.launch.mem_tune.wgs.value_or(kPerfGroupsPerCu);
    size_t global = d.sized(
        ModeSizes<size_t>{.perf = d.global_size(s.facts().compute_units * local * groups_per_cu),
                          .conformance = kConformanceItems,
                          .small = kSmallItems});
    global = round_up(global, local);
    global = std::min(global, round_up(max_buffer_bytes(s) / item_bytes / 2, local));
    require_allocation(s, global * item_bytes, spec.entry.id + " output");
    cl::Buffer out(s.context, CL_MEM_WRITE_ONLY, global * item_bytes);
    cl::Buffer in;
    if (spec.input) {
        std::vector<cl_uint> words(spec.input_words);
        for (size_t i = 0; i < words.size(); ++i)
            words[i] = spec.input(opts.seed, static_cast<uint32_t>(i));
        in = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                        words.size() * sizeof(cl_uint), words.data());
    }
    if (s.facts().is_gpu()) d.budget.min_launch_seconds = kGpuLaunchFloorSeconds;

    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        set_args(kernel, out, opts.seed, cl_uint(d.launched_repeats()));
        if (spec.input) kernel.setArg(3, in);
        return enqueue_range(q, kernel, global, local);
    };
    h.sizing.grow = [&](double factor) { return d.grow_repeats(factor, 1u << 20); };
    h.describe = [&](Measurement& m) {
        m.global_size = global;
        m.local_size = local;
        m.work_per_launch = double(global) * d.repeats * unrolled * spec.ops_per_step;
        m.details = {{"repeats", std::to_string(d.repeats)},
                     {"steps_per_item", std::to_string(uint64_t(d.repeats) * unrolled)}};
    };
    h.check.verify = [&] {
        const uint64_t steps = uint64_t(d.launched_repeats()) * unrolled;
        const size_t sample =
            std::clamp<size_t>(size_t(kPerfReferenceSteps / double(steps)), 32, kPerfSampleItems);
        const auto items = check_sample(d.opts.mode, global, sample);
        const auto got = read_items(s, out, items, global, spec.words_per_item, spec.word_bytes);
        const auto expected =
            expected_words(items, spec.words_per_item, [&](size_t i, uint64_t* w) {
                spec.reference(opts.seed, uint32_t(i), steps, w);
            });
        Verification v = compare_exact(items, spec.words_per_item, got, expected, spec.kind);
        if (!spec.cross_check) return v;
        // Naive models are slower than the bit-exact one: perf mode cross-checks a few items.
        const size_t cross = std::min(
            items.size(),
            d.sized(ModeSizes<size_t>{.perf = kPerfCrossCheckItems, .conformance = items.size()}));
        for (size_t i = 0; i < cross; ++i)
            if (!spec.cross_check(opts.seed, static_cast<uint32_t>(items[i]), steps,
                                  &got[i * spec.words_per_item]) &&
                v.mismatches++ == 0)
                v.first_mismatch = "item " + std::to_string(items[i]) + " fails the cross-check (" +
                                   spec.cross_check_name + ")";
        return v;
    };
    if (spec.peak) h.peak = spec.peak(s.facts());
    return d.run(h);
}

} // namespace

std::string chain_build_options(const ChainSpec& spec, const ImplPath& path, const RunOptions& opts,
                                bool cpu_device) {
    const unsigned unrolled = chain_unrolled_steps(spec, opts, cpu_device);
    // The seed as a literal too: the chain constants become immediate operands (clg_const).
    return spec.options + " -DCLG_STEPS=" + std::to_string(unrolled) +
           " -DCLG_SEED=" + std::to_string(opts.seed) + "u" +
           (path.options.empty() ? "" : " " + path.options);
}

Benchmark chain_benchmark(ChainSpec spec) {
    Benchmark b = make_benchmark(std::move(spec), run_chain);
    b.loop_claim = [](const Benchmark& self, const std::string&, const RunOptions& opts) {
        const ChainSpec& c = spec_of<ChainSpec>(self);
        const unsigned steps = chain_unrolled_steps(c, opts, /*cpu_device=*/false); // a GPU's code
        return std::optional<LoopClaim>(LoopClaim{c.kernel, steps * c.ops_per_step,
                                                  std::to_string(steps) + " steps x " +
                                                      number_text(c.ops_per_step, "%g") + " each"});
    };
    return b;
}

std::vector<Benchmark> chain_family(const std::string& family, Unit unit,
                                    const std::vector<ChainRow>& rows) {
    std::vector<Benchmark> v;
    for (const ChainRow& r : rows)
        v.push_back(chain_benchmark({.entry = {.id = r.name + ("." + family),
                                               .family = family,
                                               .label = r.label,
                                               .description = r.description,
                                               .unit = unit,
                                               .paths = r.paths},
                                     .source = family + ".cl",
                                     .kernel = r.name + ("_" + family),
                                     .steps = r.steps,
                                     .ops_per_step = r.ops_per_step,
                                     .kind = r.kind,
                                     .word_bytes = r.word_bytes,
                                     .words_per_item = r.words_per_item,
                                     .reference = r.reference}));
    return v;
}

} // namespace clgauge
