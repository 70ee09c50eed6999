#include "harness/subgroup.hpp"

#include "base/crash_context.hpp"
#include "harness/lane_map.hpp"
#include "harness/launch.hpp"
#include "harness/subgroup_check.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"
#include "reference/subgroup.hpp"

#include <algorithm>

namespace clgauge {
namespace {

constexpr unsigned kSteps = 8; // CLG_SG_STEPS: unrolled steps per repeat
// On the local-memory layer every operation is two barriers, and a driver that makes one
// function of a work-group (PoCL) compiles each region between barriers at the kernel's first
// launch; beside two barriers a repeat's loop branch costs nothing.
constexpr unsigned kEmuSteps = 2;
constexpr uint32_t kConformanceSteps = 32; // every lane picks many sources
constexpr size_t kConformanceItems = 1024; // per work-group size, at least 2 groups
constexpr size_t kSmallGroups = 2;         // RunOptions::small_launch: per work-group size
constexpr size_t kEmuMaxLocal = 1024;      // CLG_SG_EMU_MAX_WG: the emulation's scratch
constexpr size_t kMaxReqdSizes = 8;        // intel_reqd_sub_group_size builds per run
constexpr uint32_t kMaxPerfRepeats = 1u << 16;
constexpr double kPerfReferenceLaneSteps = 4e7; // bounds the CPU time of a perf-mode check
constexpr size_t kPerfSampleSubgroups = 16;

// One build of the kernels: the path's options, plus a required sub-group size on intel.
struct Config {
    std::string name, options;
    uint32_t reqd = 0;
    bool emulated = false, ptx = false;
};

bool has_need(const ImplPath& p, Need n) {
    return std::find(p.needs.begin(), p.needs.end(), n) != p.needs.end();
}

bool emulates(const ImplPath& p) {
    return p.options.find("CLG_SG_EMU") != std::string::npos;
}

// CLG_SG_STEPS on a path.
unsigned steps_per_repeat(bool emulated) {
    return emulated ? kEmuSteps : kSteps;
}

} // namespace

std::string subgroup_path_options(const ImplPath& path, const std::string& cl_std) {
    std::string options =
        "-DCLG_SG_STEPS=" + std::to_string(steps_per_repeat(emulates(path))) + " " + path.options;
    if (has_need(path, Need::KhrSubgroups)) options += " " + cl_std;
    if (emulates(path)) options += " -DCLG_SG_EMU_MAX_WG=" + std::to_string(kEmuMaxLocal);
    return options;
}

namespace {

std::vector<Config> configs_for(const Session& s, const ImplPath& path) {
    Config base;
    base.name = path.name;
    base.emulated = emulates(path);
    base.ptx = path.options.find("CLG_SG_PTX") != std::string::npos;
    base.options = subgroup_path_options(path, s.caps.cl_std_for_subgroups());
    std::vector<Config> v{base};
    // CL_DEVICE_SUB_GROUP_SIZES_INTEL answers only where intel_reqd_sub_group_size works
    // (cl_intel_required_subgroup_size); every size it lists gets its own build.
    if (has_need(path, Need::IntelSubgroups))
        for (size_t n : pick_subgroup_sizes(s.caps.intel_subgroup_sizes, kMaxReqdSizes)) {
            Config c = base;
            c.reqd = static_cast<uint32_t>(n);
            c.name = path.name + " reqd " + std::to_string(n);
            c.options += " -DCLG_SG_REQD_SIZE=" + std::to_string(n);
            v.push_back(c);
        }
    return v;
}

const char* kernel_name_map = "sg_lane_map";

struct Kernels {
    cl::Kernel map, op;
    size_t limit = 1;    // largest work-group both kernels accept
    size_t expected = 1; // the sub-group size the path is expected to use
};

Kernels build(Session& s, const SubgroupSpec& spec, const Config& c, const RunOptions& opts) {
    Kernels k;
    k.map = build_kernel(s, "subgroup.cl", kernel_name_map, c.options, opts);
    k.op = build_kernel(s, "subgroup.cl", spec.kernel, c.options, opts);
    k.limit = s.facts().max_work_group;
    size_t preferred = 1;
    for (const cl::Kernel* kern : {&k.map, &k.op}) {
        try {
            k.limit = std::min(k.limit,
                               kern->getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.entry.device));
            preferred = std::max(
                preferred, kern->getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(
                               s.entry.device));
        } catch (const cl::Error&) {
        }
    }
    if (c.emulated) k.limit = std::min(k.limit, kEmuMaxLocal);
    k.expected = c.reqd ? c.reqd : c.ptx ? 32 : c.emulated ? 16 : preferred;
    return k;
}

std::vector<uint32_t> read_u32(Session& s, const cl::Buffer& b, size_t words) {
    std::vector<uint32_t> v(words);
    s.queue.enqueueReadBuffer(b, CL_TRUE, 0, words * 4, v.data());
    return v;
}

cl::Buffer upload(Session& s, const std::vector<uint32_t>& words) {
    cl::Buffer b(s.context, CL_MEM_READ_WRITE, words.size() * 4);
    s.queue.enqueueWriteBuffer(b, CL_TRUE, 0, words.size() * 4, words.data());
    return b;
}

// One launch of `k` over `global` work-items in groups of `local`.
cl::Event enqueue(cl::CommandQueue& q, cl::Kernel& k, const cl::Buffer& out, const cl::Buffer& in,
                  uint32_t seed, uint32_t repeats, size_t global, size_t local) {
    set_args(k, out, in, seed, repeats);
    return enqueue_range(q, k, global, local);
}

// The map for one geometry; checks too that a required size was honoured.
LaneMap record_map(Session& s, Kernels& k, const Config& c, size_t global, size_t local,
                   const RunOptions& opts) {
    require_allocation(s, global * 16, "lane map");
    cl::Buffer out(s.context, CL_MEM_READ_WRITE, global * 16);
    cl::Buffer dummy(s.context, CL_MEM_READ_WRITE, 16);
    const cl::Event e = enqueue(s.queue, k.map, out, dummy, opts.seed, 1, global, local);
    s.queue.flush();
    wait_for(e, opts.timeout_s);
    LaneMap m = parse_lane_map(read_u32(s, out, global * 4), local);
    if (m.ok() && c.reqd && local >= c.reqd && m.max_size != c.reqd)
        m.error = "intel_reqd_sub_group_size(" + std::to_string(c.reqd) +
                  ") but the device reports a maximum sub-group size of " +
                  std::to_string(m.max_size);
    return m;
}

// Device buffers and their host images for one launch geometry.
struct Buffers {
    cl::Buffer out, in;
    SubgroupHostWords host; // what the host wrote (block read / block write)
    size_t out_words = 0;
};

Buffers prepare(Session& s, SgOp op, const LaneMap& m, size_t global, size_t local, uint32_t seed) {
    Buffers b;
    // Padding: a planted wrong block offset reaches a few words past the last region.
    const size_t regions = m.region_words(global / local) + m.max_size + 64;
    if (op == SgOp::BlockRead) {
        b.host.in.resize(regions);
        for (size_t i = 0; i < regions; ++i)
            b.host.in[i] = ref::rand(seed, static_cast<uint32_t>(i), 3);
    } else {
        b.host.in.assign(4, 0);
    }
    if (op == SgOp::BlockWrite) {
        b.out_words = regions;
        b.host.out_init.resize(regions);
        for (size_t i = 0; i < regions; ++i)
            b.host.out_init[i] = ref::rand(seed, static_cast<uint32_t>(i), 4);
    } else {
        b.out_words = global * subgroup_words_per_item(op);
        b.host.out_init.assign(b.out_words, 0);
    }
    require_allocation(s, std::max(b.out_words, b.host.in.size()) * 4, "sub-group buffers");
    b.in = upload(s, b.host.in);
    b.out = upload(s, b.host.out_init);
    return b;
}

std::string geometry(const Config& c, size_t local) {
    return c.name + ", local size " + std::to_string(local);
}

Measurement conformance(const SubgroupSpec& spec, Session& s, const ImplPath& path,
                        MeasurementDriver& d) {
    const RunOptions& opts = d.opts;
    Measurement m;
    for (const Config& c : configs_for(s, path)) {
        const unsigned per_repeat = steps_per_repeat(c.emulated);
        d.repeats = kConformanceSteps / per_repeat;
        const uint64_t steps = uint64_t(d.launched_repeats()) * per_repeat;
        Kernels k = build(s, spec, c, opts);
        if (c.reqd && c.reqd > k.limit) {
            m.details.push_back({c.name, "skipped: kernel work-group limit " +
                                             std::to_string(k.limit) + " below the size"});
            continue;
        }
        for (size_t local : subgroup_local_sizes(k.expected, k.limit)) {
            const size_t groups = opts.small_launch
                                      ? kSmallGroups
                                      : std::clamp<size_t>(kConformanceItems / local, 2, 64);
            const size_t global = local * groups;
            const std::string where = geometry(c, local);
            set_crash_context(where);
            const LaneMap map = record_map(s, k, c, global, local, opts);
            if (!map.ok()) {
                fail_lane_map(m.verification, map, global, where);
                continue;
            }
            Buffers b = prepare(s, spec.op, map, global, local, opts.seed);
            KernelHarness h;
            h.enqueue = [&](cl::CommandQueue& q) {
                return enqueue(q, k.op, b.out, b.in, opts.seed, d.launched_repeats(), global,
                               local);
            };
            const Timings t = d.time(h);
            if (m.timings.device.count() == 0) {
                m.timings = t;
                m.global_size = global;
                m.local_size = local;
                m.work_per_launch = double(global) * double(steps) * spec.ops_per_step;
            }
            std::vector<size_t> all(map.subgroups.size());
            for (size_t i = 0; i < all.size(); ++i)
                all[i] = i;
            merge_verification(m.verification,
                               check_subgroups(spec.op, opts.seed, steps, map, all,
                                               read_u32(s, b.out, b.out_words), b.host, true),
                               where);
            m.details.push_back({where, "sub-group sizes " + describe_sizes(map.sizes) + " (max " +
                                            std::to_string(map.max_size) + ")"});
        }
    }
    apply_verification(m);
    return m;
}

Measurement perf(const SubgroupSpec& spec, Session& s, const ImplPath& path, MeasurementDriver& d) {
    const RunOptions& opts = d.opts;
    // The device's own choice (no required size) is what a program gets by default.
    const Config c = configs_for(s, path).front();
    Kernels k = build(s, spec, c, opts);
    size_t local = std::min<size_t>(256, k.limit);
    if (k.expected <= local) local = local / k.expected * k.expected;
    const size_t global = local * s.facts().compute_units * 32;
    const LaneMap map = record_map(s, k, c, global, local, opts);
    if (!map.ok()) {
        Measurement m;
        fail_lane_map(m.verification, map, global, geometry(c, local));
        apply_verification(m);
        return m;
    }
    Buffers b = prepare(s, spec.op, map, global, local, opts.seed);
    const unsigned per_repeat = steps_per_repeat(c.emulated);

    KernelHarness h;
    h.enqueue = [&](cl::CommandQueue& q) {
        return enqueue(q, k.op, b.out, b.in, opts.seed, d.launched_repeats(), global, local);
    };
    h.sizing.grow = [&](double factor) { return d.grow_repeats(factor, kMaxPerfRepeats); };
    h.describe = [&](Measurement& m) {
        m.global_size = global;
        m.local_size = local;
        m.work_per_launch = double(global) * d.repeats * per_repeat * spec.ops_per_step;
        m.details = {{"repeats", std::to_string(d.repeats)},
                     {"sub-group sizes",
                      describe_sizes(map.sizes) + " (max " + std::to_string(map.max_size) + ")"}};
    };
    h.check.verify = [&] {
        const uint64_t steps = uint64_t(d.launched_repeats()) * per_repeat;
        const size_t count =
            std::clamp<size_t>(size_t(kPerfReferenceLaneSteps / (double(steps) * map.max_size)), 1,
                               kPerfSampleSubgroups);
        Verification v;
        merge_verification(v,
                           check_subgroups(spec.op, opts.seed, steps, map,
                                           sample_items(map.subgroups.size(), count),
                                           read_u32(s, b.out, b.out_words), b.host, false),
                           geometry(c, local));
        return v;
    };
    return d.run(h);
}

Measurement run_subgroup(const SubgroupSpec& spec, Session& s, const ImplPath& path,
                         const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    Measurement m = d.perf() ? perf(spec, s, path, d) : conformance(spec, s, path, d);
    std::vector<std::pair<std::string, std::string>> notes = {
        {"counting", "one operation per lane per sub-group operation"}};
    if (has_need(path, Need::KhrSubgroups) &&
        (spec.op == SgOp::Shuffle || spec.op == SgOp::ShuffleXor))
        notes.push_back(
            {"khr shuffle", path.options.find("CLG_SG_KHR_NO_SHUFFLE") != std::string::npos
                                ? "selected from broadcasts of every lane (the khr-broadcast "
                                  "path: cl_khr_subgroup_shuffle not used)"
                            : s.caps.has_extension("cl_khr_subgroup_shuffle")
                                ? "cl_khr_subgroup_shuffle"
                                : "no cl_khr_subgroup_shuffle reported: "
                                  "selected from broadcasts of every lane"});
    m.details.insert(m.details.begin(), notes.begin(), notes.end());
    return m;
}

} // namespace

std::vector<size_t> subgroup_local_sizes(size_t expected, size_t limit) {
    std::vector<size_t> v;
    auto add = [&](size_t n) {
        n = std::min(n, limit);
        if (n > 0 && std::find(v.begin(), v.end(), n) == v.end()) v.push_back(n);
    };
    expected = std::max<size_t>(1, expected);
    add(4 * expected);                    // several full sub-groups
    add(2 * expected + expected / 2 + 1); // a partial last sub-group
    add(1);                               // a sub-group of one lane
    return v;
}

std::vector<size_t> pick_subgroup_sizes(std::vector<size_t> offered, size_t most) {
    std::sort(offered.begin(), offered.end());
    offered.erase(std::unique(offered.begin(), offered.end()), offered.end());
    offered.erase(std::remove(offered.begin(), offered.end(), size_t(0)), offered.end());
    if (offered.size() <= most || most < 2) return offered;
    std::vector<size_t> v;
    for (size_t i = 0; i < most; ++i) {
        const size_t n = offered[i * (offered.size() - 1) / (most - 1)];
        if (v.empty() || v.back() != n) v.push_back(n);
    }
    return v;
}

std::vector<ImplPath> subgroup_paths(bool block_io) {
    if (!block_io)
        return {{"intel", {Need::IntelSubgroups}, "-DCLG_SG_INTEL -DCLG_SG_INTEL_NO_BLOCK_IO"},
                {"khr", {Need::KhrSubgroups}, "-DCLG_SG_KHR"},
                {"ptx", {Need::InlinePtx}, "-DCLG_SG_PTX"},
                {"emulated", {}, "-DCLG_SG_EMU"}};
    const std::string b = " -DCLG_SG_BLOCK_KERNELS";
    return {{"intel", {Need::IntelSubgroups, Need::IntelBlockIO}, "-DCLG_SG_INTEL" + b},
            {"khr", {Need::KhrSubgroups}, "-DCLG_SG_KHR" + b},
            {"ptx", {Need::InlinePtx}, "-DCLG_SG_PTX" + b},
            {"emulated", {}, "-DCLG_SG_EMU" + b}};
}

Benchmark subgroup_benchmark(SubgroupSpec spec) {
    const bool block_io = spec.op == SgOp::BlockRead || spec.op == SgOp::BlockWrite;
    if (spec.entry.paths.empty()) {
        spec.entry.paths = subgroup_paths(block_io);
        // The khr layer's shuffles from broadcasts, as a device without cl_khr_subgroup_shuffle
        // runs them: never the first choice (khr has the same needs), run when forced.
        if (spec.op == SgOp::Shuffle || spec.op == SgOp::ShuffleXor)
            spec.entry.paths.insert(
                spec.entry.paths.begin() + 2,
                {"khr-broadcast", {Need::KhrSubgroups}, "-DCLG_SG_KHR -DCLG_SG_KHR_NO_SHUFFLE"});
    }
    Benchmark b = make_benchmark(std::move(spec), run_subgroup, "subgroup", Unit::OpPerSecond);
    b.unclaimed = "sub-group operations: NVIDIA's compiler emits each shuffle for converged and "
                  "for diverged warps, and which runs is decided at run time";
    return b;
}

} // namespace clgauge
