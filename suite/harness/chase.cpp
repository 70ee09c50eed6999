#include "harness/chase.hpp"

#include "base/number_text.hpp"
#include "harness/launch.hpp"
#include "harness/sm_clock_sum.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"
#include "reference/chase.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>

namespace clgauge {
namespace {

// Steps of one launch: at least 2^14 dependent loads in perf mode, grown until a launch takes
// half of Budget::launch_seconds(). The floor is low enough that a figure's launches (pairs of
// N and 2N steps) at a GPU's DRAM latency keep the budget's bound; the pair's difference
// cancels the launch's fixed cost.
constexpr uint32_t kMinSteps = 1u << 14, kMostSteps = 1u << 26;
// Before timing, a lap of the cycle (up to this many steps, in launches of at most
// kWarmupChunk) brings a working set that fits the last-level cache into it. A larger one is
// not lapped: a lap of a working set in DRAM is millions of loads at DRAM latency, longer than
// the budget, and leaves the caches as random as the walk does.
constexpr uint64_t kWarmupSteps = 1u << 21, kWarmupChunk = 1u << 20;

// One launch of the walk: its device and host seconds, and where the kernel reads the SM's
// clock (NVIDIA, inline PTX) the walk's SM cycles and nanoseconds by the GPU's global timer.
struct Walk {
    double device_s = 0, host_s = 0, sm_cycles = 0, sm_ns = 0;
};

// The chase's device state: the permutation, the walk's position and the steps walked so far.
class Chase {
  public:
    Chase(Session& s, const ChaseSpec& spec, const RunOptions& opts, size_t bytes)
        : s_(s), opts_(opts), words_per_line_(uint32_t(chase_line_bytes(s) / 4)),
          cycle_(opts.seed, uint32_t(std::max<size_t>(2, bytes / chase_line_bytes(s)))),
          sm_clock_(s.caps.inline_ptx) {
        const size_t words = size_t(cycle_.lines()) * words_per_line_;
        if (words > std::numeric_limits<uint32_t>::max())
            throw AllocationTooLarge(spec.entry.id + ": a working set of " +
                                     std::to_string(bytes >> 20) +
                                     " MiB needs word indices past 32 bits");
        require_allocation(s, words * 4, spec.entry.id + " permutation");
        // Built first: a run that builds its programs ahead stops here (ProgramCache::discover)
        // before the walk of hundreds of MiB is made on the host.
        std::string options = sm_clock_ ? "-DCLG_SM_CLOCK" : "";
        if (spec.in_local)
            options += (options.empty() ? "" : " ") + std::string("-DCLG_LOCAL_CHASE_WORDS=") +
                       std::to_string(words);
        kernel_ = build_kernel(s, spec.source, spec.kernel, options, opts);
        const auto host = ref::chase_words(cycle_, words_per_line_);
        next_ = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, words * 4,
                           const_cast<uint32_t*>(host.data()));
        // Line 0's first word; the SM clock's cycles and nanoseconds after it.
        const cl_uint start[kStateWords] = {};
        state_ = cl::Buffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof start,
                            const_cast<cl_uint*>(start));
        kernel_.setArg(0, next_);
        kernel_.setArg(1, state_);
    }
    uint32_t lines() const { return cycle_.lines(); }
    size_t bytes() const { return size_t(lines()) * words_per_line_ * 4; }

    // One launch of `steps` steps.
    Walk launch(uint64_t steps) {
        kernel_.setArg(2, cl_uint(steps));
        s_.queue.finish();
        const auto t0 = std::chrono::steady_clock::now();
        cl::Event e;
        s_.queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1),
                                      nullptr, &e);
        s_.queue.flush();
        wait_for(e, opts_.timeout_s);
        const auto t1 = std::chrono::steady_clock::now();
        walked_ += steps;
        Walk w{event_seconds(e), std::chrono::duration<double>(t1 - t0).count()};
        if (sm_clock_) {
            cl_uint st[kStateWords] = {};
            s_.queue.enqueueReadBuffer(state_, CL_TRUE, 0, sizeof st, st);
            w.sm_cycles = double(uint64_t(st[1]) | uint64_t(st[2]) << 32);
            w.sm_ns = double(uint64_t(st[3]) | uint64_t(st[4]) << 32);
        }
        return w;
    }

    // Compares the index the walk reached with the CPU's; a walk back at its start proves
    // nothing (a kernel that did not move would pass), so it first takes one step more.
    void check(Verification& v) {
        if (cycle_.after(0, walked_) == 0) launch(1);
        cl_uint got = 0;
        s_.queue.enqueueReadBuffer(state_, CL_TRUE, 0, 4, &got);
        const uint32_t want = cycle_.after(0, walked_) * words_per_line_;
        ++v.checked;
        if (got != want && v.mismatches++ == 0)
            v.first_mismatch = "after " + std::to_string(walked_) + " steps the walk is at word " +
                               std::to_string(got) + ", expected " + std::to_string(want) +
                               " (line " + std::to_string(want / words_per_line_) + ")";
    }

  private:
    static constexpr size_t kStateWords = 5;
    Session& s_;
    const RunOptions& opts_;
    uint32_t words_per_line_;
    ref::ChaseCycle cycle_;
    bool sm_clock_;
    cl::Buffer next_, state_;
    cl::Kernel kernel_;
    uint64_t walked_ = 0;
};

Measurement run_chase(const ChaseSpec& spec, Session& s, const ImplPath&, const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    const DeviceFacts& f = s.facts();
    size_t bytes = d.sized(ModeSizes<size_t>{.perf = f.is_gpu() ? spec.gpu_bytes : spec.cpu_bytes,
                                             .conformance = spec.conformance_bytes});
    if (opts.launch.array_bytes && !spec.in_local) bytes = *opts.launch.array_bytes;
    // A local copy takes at most half the device's local memory (the rest is the runtime's).
    if (spec.in_local) bytes = std::min<size_t>(bytes, f.local_mem / 2);
    Chase chase(s, spec, opts, std::min(bytes, max_buffer_bytes(s)));

    KernelHarness h;
    // Conformance: a lap and a bit, then a short walk: both ends checked; one launch timed.
    uint64_t steps = 1000;
    Verification lap;
    // cycles: SM cycles a load by the kernel's %clock64; sm_mhz: the SM clock they ran at.
    std::vector<double> per_load, per_load_host, overhead, cycles, sm_mhz;
    if (!d.perf()) {
        chase.launch(chase.lines() + 3);
        chase.check(lap);
        h.timed = [&](int, int) {
            const Walk w = chase.launch(steps);
            per_load = {w.device_s / double(steps)};
            per_load_host = {w.host_s / double(steps)};
            if (w.sm_ns > 0) {
                cycles = {w.sm_cycles / double(steps)};
                sm_mhz = {w.sm_cycles / w.sm_ns * 1e3};
            }
            return Timings{summarize({w.device_s}), summarize({w.host_s})};
        };
    } else {
        // At one step, before the growth that is charged: a cold table's walk once paid the
        // driver's load of the kernel there, past the bound at its fewest samples.
        d.first_launch([&] { chase.launch(1); });
        // The lap and the launches' growth, charged to the budget at their host time.
        const auto charged = [&](uint64_t n) {
            return d
                .calibration_launch([&] {
                    const Walk w = chase.launch(n);
                    return std::pair{w.device_s, w.host_s};
                })
                .first;
        };
        const bool fits_cache = chase.bytes() <= f.global_cache;
        for (uint64_t left = fits_cache ? std::min<uint64_t>(chase.lines(), kWarmupSteps) : 0;
             left > 0;) {
            const uint64_t n = std::min(left, kWarmupChunk);
            charged(n);
            left -= n;
        }
        // Grown on the loads' own time, t(2N) - t(N): a launch's fixed cost (milliseconds on
        // a loaded CPU device) would otherwise stop the growth while the loads still drown in
        // its jitter.
        steps = kMinSteps;
        const double target = d.budget.launch_seconds() * 0.5;
        for (;;) {
            const double once = charged(steps);
            const double loads = charged(2 * uint64_t(steps)) - once;
            if (loads >= target || steps >= kMostSteps) break;
            const double grow = loads > 0 ? std::clamp(target / loads * 1.2, 2.0, 1024.0) : 4.0;
            steps = uint32_t(std::min<double>(double(steps) * grow, kMostSteps));
        }
        // A sample is a pair of launches of N and 2N steps: (t(2N) - t(N)) / N is the time of
        // a load without the launch's fixed cost. CLGAUGE_TEST_SLOWDOWN walks that many times
        // the counted steps.
        h.timed = [&](int warmups, int reps) {
            const uint64_t walked = d.slowed(steps);
            std::vector<double> pair, pair_host;
            for (int r = 0; r < warmups + reps; ++r) {
                const Walk a = chase.launch(walked);
                const Walk b = chase.launch(2 * walked);
                if (r < warmups) continue;
                pair.push_back(a.device_s + b.device_s);
                pair_host.push_back(a.host_s + b.host_s);
                per_load.push_back((b.device_s - a.device_s) / double(steps));
                per_load_host.push_back((b.host_s - a.host_s) / double(steps));
                overhead.push_back(2 * a.device_s - b.device_s);
                if (a.sm_ns > 0 && b.sm_ns > 0) {
                    cycles.push_back((b.sm_cycles - a.sm_cycles) / double(steps));
                    sm_mhz.push_back((a.sm_cycles + b.sm_cycles) / (a.sm_ns + b.sm_ns) * 1e3);
                }
            }
            return Timings{summarize(pair), summarize(pair_host)};
        };
        h.sizing.pinned = true;
    }
    h.describe = [&](Measurement& m) {
        // The figure is per load.
        m.timings.device = summarize(per_load);
        m.timings.host = summarize(per_load_host);
        m.time_is_figure = true;
        m.work_per_launch = 1;
        m.global_size = m.local_size = 1;
        const double ns = m.timings.device.median * 1e9;
        // Cycles by the SM's own clock where the kernel read one the device runs at, else by
        // the reported clock.
        const double read_mhz = sm_mhz.empty() ? 0 : summarize(sm_mhz).median;
        const bool measured = !cycles.empty() && plausible_sm_clock(read_mhz, f.clock_mhz);
        const double cyc = measured ? summarize(cycles).median : ns * f.clock_mhz * 1e-3;
        const double mhz = measured ? read_mhz : double(f.clock_mhz);
        m.details = {
            {"working_set_bytes", std::to_string(chase.bytes())},
            {"line_bytes", std::to_string(chase_line_bytes(s))},
            {"lines", std::to_string(chase.lines())},
            {"steps_per_launch", std::to_string(steps) + (d.perf() ? " and twice that" : "")},
            {"ns_per_load", number_text(ns)},
            {"clock_MHz", std::to_string(f.clock_mhz)},
            {"cycles_per_load", number_text(cyc, "%.1f")},
            {"cycles_clock", measured
                                 ? "SM clock read in the kernel (%clock64 over %globaltimer), " +
                                       number_text(mhz, "%.0f") + " MHz"
                                 : "the reported clock (CL_DEVICE_MAX_CLOCK_FREQUENCY), " +
                                       std::to_string(f.clock_mhz) + " MHz" +
                                       (sm_mhz.empty() ? ""
                                                       : "; the kernel's SM clock read " +
                                                             number_text(read_mhz, "%.0f") +
                                                             " MHz, not a rate this device runs")},
            {"label_note", number_text(cyc, "%.0f") + (measured ? " SM clk" : " clk")}};
        if (measured) m.details.push_back({"sm_clock_MHz", number_text(mhz, "%.0f")});
        if (!overhead.empty())
            m.details.push_back(
                {"launch_overhead_us", number_text(summarize(overhead).median * 1e6)});
    };
    h.check.verify = [&] {
        Verification v = lap;
        chase.check(v);
        return v;
    };
    h.check.noun = "walk ends";
    Measurement m = d.run(h);
    if (m.status == Status::Ok && d.perf() && !(m.timings.device.median > 0)) {
        m.status = Status::Error;
        m.reason = "launches of " + std::to_string(steps) + " and " + std::to_string(2 * steps) +
                   " steps took no different times: launch-time noise hides the loads; raise "
                   "the budget (--budget-ms)";
    }
    return m;
}

} // namespace

size_t chase_line_bytes(const Session& s) {
    const cl_uint line = s.entry.device.getInfo<CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE>();
    return line >= 4 && line % 4 == 0 ? line : 64;
}

Benchmark chase_benchmark(ChaseSpec spec) {
    return make_benchmark(std::move(spec), run_chase, "chase", Unit::Seconds);
}

} // namespace clgauge
