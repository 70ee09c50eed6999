#include "harness/group.hpp"

#include "harness/launch.hpp"

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

Measurement run_group(const GroupSpec& spec, Session& s, const Path& path, const RunOptions& opts) {
    const bool perf = opts.mode == Mode::Perf;
    auto build = [&](size_t local) {
        return build_kernel(s, spec.source, spec.kernel,
                            group_build_options(spec, path, s.caps.cl_std_for_subgroups(), local),
                            opts);
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
    const unsigned groups_per_cu = opts.mem_tune.wgs.value_or(spec.groups_per_cu);
    size_t groups = perf ? size_t(s.facts().compute_units) * groups_per_cu : kConformanceGroups;
    auto most_steps = [&] {
        return spec.max_steps ? spec.max_steps(groups * local, local)
                              : uint64_t(kMostRepeats) * spec.steps;
    };
    while (groups > 1 && most_steps() < spec.steps)
        groups /= 2;
    const size_t global = groups * local;
    uint32_t repeats = perf ? 1 : kConformanceRepeats;
    const uint32_t most_repeats =
        uint32_t(std::clamp<uint64_t>(most_steps() / spec.steps, 1, kMostRepeats));
    repeats = std::min(repeats, most_repeats);
    auto launch_now = [&] {
        return GroupLaunch{opts.seed, global, local,
                           uint64_t(repeats) * opts.slowdown * spec.steps};
    };

    // The output and its initial words, remade when the launch's word count changes.
    cl::Buffer out;
    std::vector<unsigned char> init;
    size_t words = 0;
    auto prepare = [&] {
        const size_t want = spec.out_words(launch_now());
        if (want == words) return;
        words = want;
        require_allocation(s, words * spec.word_bytes, spec.entry.id + " output");
        init.assign(words * spec.word_bytes, 0);
        for (size_t i = 0; i < words; ++i) {
            const uint64_t w = spec.init(opts.seed, i);
            std::memcpy(init.data() + i * spec.word_bytes, &w, spec.word_bytes); // little-endian
        }
        out = cl::Buffer(s.context, CL_MEM_READ_WRITE, init.size());
    };
    auto enqueue = [&](cl::CommandQueue& q) {
        q.enqueueWriteBuffer(out, CL_FALSE, 0, init.size(), init.data());
        kernel.setArg(0, out);
        kernel.setArg(1, opts.seed);
        kernel.setArg(2, static_cast<cl_uint>(repeats * opts.slowdown));
        cl::Event e;
        q.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                               nullptr, &e);
        return e;
    };
    auto timed = [&](int warmups, int reps) {
        prepare();
        return time_launches(s.queue, enqueue, warmups, reps, opts.timeout_s);
    };
    Timings t = perf ? calibrate_and_time(timed, opts.budget, 4,
                                          [&](double factor) {
                                              return grow_repeats(repeats, factor, most_repeats);
                                          })
                     : timed(0, 1);

    const GroupLaunch launch = launch_now();
    PhaseScope verifying(Phase::Verify);
    const std::vector<uint64_t> got = read_words(s, out, 0, words, spec.word_bytes);

    Measurement m;
    const double ops_per_item = double(repeats) * spec.steps * spec.ops_per_step;
    m.work_per_launch = double(global) * ops_per_item;
    m.global_size = global;
    m.local_size = local;
    m.details = {{"work_groups", std::to_string(groups)},
                 {"repeats", std::to_string(repeats)},
                 {"steps_per_item", std::to_string(uint64_t(repeats) * spec.steps)}};
    if (spec.time_per_op) {
        // The figure is one operation's time; the launch's rate stays in the details.
        m.details.push_back(
            {"ops_per_second", std::to_string(m.work_per_launch / t.device.median)});
        t.device = scaled(t.device, ops_per_item);
        t.host = scaled(t.host, ops_per_item);
        m.time_is_figure = true;
    }
    m.timings = t;
    m.verification = spec.check(launch, got, perf);
    apply_verification(m);
    return m;
}

} // namespace

std::string group_build_options(const GroupSpec& spec, const Path& path, const std::string& cl_std,
                                size_t local) {
    std::string options = spec.options + " -DCLG_STEPS=" + std::to_string(spec.steps);
    if (!path.options.empty()) options += " " + path.options;
    if (spec.opencl_c_2) options += " " + cl_std;
    return options + " -DCLG_LOCAL=" + std::to_string(local);
}

Benchmark group_benchmark(GroupSpec spec) {
    if (spec.entry.paths.empty()) spec.entry.paths = {{"native", {}, ""}};
    return make_benchmark(std::move(spec), run_group);
}

} // namespace clgauge
