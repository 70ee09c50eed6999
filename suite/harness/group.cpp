#include "harness/group.hpp"

#include "harness/launch.hpp"
#include "measure/measurement_driver.hpp"

#include <algorithm>
#include <cstring>

namespace clgauge {
namespace {

// Conformance: a few work-groups, several repeats, so the loops and the group boundaries run.
constexpr size_t kConformanceGroups = 6;
constexpr uint32_t kConformanceRepeats = 3;
constexpr uint32_t kMostRepeats = 1u << 20;

Stats scaled(const Stats& s, double by) {
    std::vector<double> samples = s.samples;
    for (double& x : samples)
        x /= by;
    return summarize(std::move(samples));
}

Measurement run_group(const GroupSpec& spec, Session& s, const ImplPath& path,
                      const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    const bool cpu = s.facts().is_cpu();
    const unsigned steps = group_unrolled_steps(spec, cpu);
    auto build = [&](size_t local) {
        return d.kernel(spec.source, spec.kernel,
                        group_build_options(spec, path, s.caps.cl_std_for_subgroups(), local, cpu));
    };
    size_t local = spec.local ? spec.local : s.facts().max_work_group;
    cl::Kernel kernel = build(local);
    // The kernel's own limit (registers, local memory) may be below the device's.
    const auto allowed = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.entry.device);
    if (allowed < local) {
        if (spec.local) require_work_group(kernel, s, local); // the entry measures this size
        local = allowed;
        kernel = build(local);
    }

    // CLGAUGE_MEM_TUNE's wgs sets the work-groups per compute unit (tuning on a GPU without
    // a rebuild; its parser refuses 0); the work-group size stays the entry's, since barrier
    // entries measure it.
    const unsigned groups_per_cu = opts.launch.mem_tune.wgs.value_or(spec.groups_per_cu);
    size_t groups = d.sized(ModeSizes<size_t>{
        .perf =
            spec.perf_groups ? spec.perf_groups : size_t(s.facts().compute_units) * groups_per_cu,
        .conformance = kConformanceGroups});
    auto most_steps = [&] {
        return spec.max_steps ? spec.max_steps(groups * local, local)
                              : uint64_t(kMostRepeats) * steps;
    };
    while (groups > 1 && most_steps() < steps)
        groups /= 2;
    const size_t global = groups * local;
    const uint32_t most_repeats =
        uint32_t(std::clamp<uint64_t>(most_steps() / steps, 1, kMostRepeats));
    // Conformance runs as many steps wherever fewer are unrolled.
    const uint32_t conformance_repeats = kConformanceRepeats * std::max(1u, spec.steps / steps);
    d.repeats = std::min(
        d.sized(ModeSizes<uint32_t>{.perf = 1, .conformance = conformance_repeats}), most_repeats);
    auto launch_now = [&] {
        return GroupLaunch{opts.seed, global, local, uint64_t(d.launched_repeats()) * steps};
    };

    // The output and its initial words on the device, remade when the launch's word count
    // changes: each launch starts from a device-side copy, not from the host.
    cl::Buffer out, start;
    size_t words = 0;
    auto prepare = [&] {
        const size_t want = spec.out_words(launch_now());
        if (want == words) return;
        words = want;
        require_allocation(s, words * spec.word_bytes, spec.entry.id + " output");
        std::vector<unsigned char> init(words * spec.word_bytes, 0);
        for (size_t i = 0; i < words; ++i) {
            const uint64_t w = spec.init(opts.seed, i);
            std::memcpy(init.data() + i * spec.word_bytes, &w, spec.word_bytes); // little-endian
        }
        start = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, init.size(),
                           init.data());
        out = cl::Buffer(s.context, CL_MEM_READ_WRITE, init.size());
    };
    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        q.enqueueCopyBuffer(start, out, 0, 0, words * spec.word_bytes);
        set_args(kernel, out, opts.seed, cl_uint(d.launched_repeats()));
        return enqueue_range(q, kernel, global, local);
    };
    h.timed = [&](int warmups, int reps) {
        prepare();
        return time_launches(s.queue, h.enqueue, warmups, reps, opts.timeout_s);
    };
    h.sizing.grow = [&](double factor) { return d.grow_repeats(factor, most_repeats); };
    h.describe = [&](Measurement& m) {
        const double ops_per_item = double(d.repeats) * steps * spec.ops_per_step;
        m.work_per_launch = double(global) * ops_per_item;
        m.global_size = global;
        m.local_size = local;
        m.details = {{"work_groups", std::to_string(groups)},
                     {"repeats", std::to_string(d.repeats)},
                     {"steps_per_item", std::to_string(uint64_t(d.repeats) * steps)}};
        if (!spec.time_per_op) return;
        // The figure is one operation's time; the launch's rate stays in the details.
        m.details.push_back(
            {"ops_per_second", std::to_string(m.work_per_launch / m.timings.device.median)});
        m.timings.device = scaled(m.timings.device, ops_per_item);
        m.timings.host = scaled(m.timings.host, ops_per_item);
        m.time_is_figure = true;
    };
    h.check.verify = [&] {
        return spec.check(launch_now(), read_words(s, out, 0, words, spec.word_bytes), d.perf());
    };
    return d.run(h);
}

} // namespace

unsigned group_unrolled_steps(const GroupSpec& spec, bool cpu_device) {
    return cpu_device ? std::min(spec.steps, kCpuGroupSteps) : spec.steps;
}

std::string group_build_options(const GroupSpec& spec, const ImplPath& path,
                                const std::string& cl_std, size_t local, bool cpu_device) {
    std::string options =
        spec.options + " -DCLG_STEPS=" + std::to_string(group_unrolled_steps(spec, cpu_device));
    if (!path.options.empty()) options += " " + path.options;
    if (spec.opencl_c_2) options += " " + cl_std;
    return options + " -DCLG_LOCAL=" + std::to_string(local);
}

Benchmark group_benchmark(GroupSpec spec) {
    if (spec.entry.paths.empty()) spec.entry.paths = {{"native", {}, ""}};
    Benchmark b = make_benchmark(std::move(spec), run_group);
    b.unclaimed = "atomics and barriers: the figure counts contended operations, which ptxas "
                  "unrolls with a remainder loop, not a fixed count per trip";
    return b;
}

} // namespace clgauge
