#include "harness/latency.hpp"

#include "base/number_text.hpp"
#include "harness/launch.hpp"
#include "measure/clock_check.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/watchdog.hpp"
#include "reference/launch.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

namespace clgauge {
namespace {

using Clock = std::chrono::steady_clock;

// Busy-polls the event: wait_for's naps would add their length to a microsecond latency.
void spin_wait(const cl::Event& e, double timeout_s) {
    const WatchdogScope watch(timeout_s, "clGetEventInfo (waiting for an empty kernel)");
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s);
    for (unsigned i = 0;; ++i) {
        const cl_int status = e.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>();
        if (status == CL_COMPLETE) return;
        if (status < 0) throw cl::Error(status, "empty kernel failed on the device");
        if ((i & 255) == 0 && Clock::now() > deadline)
            throw KernelTimeout("an empty kernel did not finish within " +
                                std::to_string(timeout_s) + " s; the device may be hung");
    }
}

struct Samples {
    std::vector<double> round_trip, queued_submit, submit_start, queued_start, start_end;
    std::vector<ClockSample> clocks;
};

double since(Clock::time_point t) {
    static const auto first = Clock::now();
    return std::chrono::duration<double>(t - first).count();
}

std::string us(double s) {
    return number_text(s * 1e6, "%.2f us");
}

// One launch of `kernel`'s single work-item on `q` after the queue is idle, waited for by
// spinning: its event and the host clock around it.
struct Launched {
    cl::Event event;
    Clock::time_point enqueued, done;
    double seconds() const { return std::chrono::duration<double>(done - enqueued).count(); }
};
Launched launch_one(cl::CommandQueue& q, const cl::Kernel& kernel, double timeout_s) {
    q.finish();
    Launched l;
    l.enqueued = Clock::now();
    q.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr,
                           &l.event);
    q.flush();
    spin_wait(l.event, timeout_s);
    l.done = Clock::now();
    return l;
}

Measurement run_latency(const LatencySpec& spec, Session& s, const ImplPath&,
                        const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    cl::Kernel kernel = d.kernel("launch.cl", "launch_empty", "");
    cl::CommandQueue plain(s.context, s.entry.device, 0);

    KernelHarness h;
    // Launches counted here, not by the driver: the output holds a slot for each.
    OwnCount own{.warmups = d.sized(ModeSizes<int>{.perf = 20, .conformance = 2}), .reps = 16};
    if (d.perf()) {
        // Calibrate on a few launches, then spend the budget (50..2000 launches per queue).
        std::vector<double> probe;
        cl::Buffer scratch(s.context, CL_MEM_WRITE_ONLY, 64 * 4);
        kernel.setArg(0, scratch);
        kernel.setArg(2, opts.seed);
        for (cl_uint i = 0; i < 16; ++i) {
            kernel.setArg(1, i);
            probe.push_back(d.calibration_launch([&] {
                                 const double t =
                                     launch_one(plain, kernel, opts.timeout_s).seconds();
                                 return std::pair{t, t};
                             }).second);
        }
        const double each = std::max(summarize(probe).median, 1e-7);
        own.reps = int(std::clamp(d.budget.seconds / 2 / each, 50.0, 2000.0));
    }
    const size_t slots = 2 * size_t(own.warmups + own.reps);
    std::vector<uint32_t> junk(slots);
    for (size_t i = 0; i < slots; ++i)
        junk[i] = ~ref::launch_word(opts.seed, uint32_t(i));
    cl::Buffer out(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, slots * 4, junk.data());
    kernel.setArg(0, out);
    kernel.setArg(2, opts.seed);

    cl_uint slot = 0;
    auto launches = [&](cl::CommandQueue& q, bool profiled, Samples& into) {
        for (int i = 0; i < own.warmups + own.reps; ++i) {
            kernel.setArg(1, slot++);
            const Launched l = launch_one(q, kernel, opts.timeout_s);
            if (i < own.warmups) continue;
            into.round_trip.push_back(l.seconds());
            if (!profiled) continue;
            const auto queued = l.event.getProfilingInfo<CL_PROFILING_COMMAND_QUEUED>();
            const auto submit = l.event.getProfilingInfo<CL_PROFILING_COMMAND_SUBMIT>();
            const auto start = l.event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
            const auto end = l.event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
            into.queued_submit.push_back(double(submit - queued) * 1e-9);
            into.submit_start.push_back(double(start - submit) * 1e-9);
            into.queued_start.push_back(double(start - queued) * 1e-9);
            into.start_end.push_back(double(end - start) * 1e-9);
            into.clocks.push_back({since(l.enqueued), since(l.done), start, end});
        }
    };
    // The same launches on a queue without profiling and on the profiled one; the figure is
    // the first's round trip, or the second's dispatch.
    Samples without, with;
    h.timed = [&](int, int) {
        launches(plain, false, without);
        launches(s.queue, true, with);
        const Stats rt_plain = summarize(without.round_trip);
        if (spec.figure == LatencyFigure::RoundTrip) return Timings{rt_plain, rt_plain};
        return Timings{summarize(with.queued_start), summarize(with.round_trip)};
    };
    h.describe = [&](Measurement& m) {
        const Stats rt_plain = summarize(without.round_trip);
        m.time_is_figure = true;
        m.work_per_launch = 1;
        m.global_size = m.local_size = 1;
        m.details = {{"launches_per_queue", std::to_string(own.reps)},
                     {"round_trip", us(rt_plain.median)},
                     {"round_trip_min", us(rt_plain.min)},
                     {"round_trip_profiled", us(summarize(with.round_trip).median)},
                     {"queued_to_submit", us(summarize(with.queued_submit).median)},
                     {"submit_to_start", us(summarize(with.submit_start).median)},
                     {"dispatch_queued_to_start", us(summarize(with.queued_start).median)},
                     {"start_to_end", us(summarize(with.start_end).median)}};
    };
    // Every launch left its word in its slot.
    h.check.verify = [&] {
        std::vector<uint32_t> got(slots);
        s.queue.enqueueReadBuffer(out, CL_TRUE, 0, slots * 4, got.data());
        Verification v;
        for (size_t i = 0; i < slots; ++i) {
            const uint32_t want = ref::launch_word(opts.seed, uint32_t(i));
            ++v.checked;
            if (got[i] != want && v.mismatches++ == 0) {
                char buf[128];
                std::snprintf(buf, sizeof buf, "launch %zu: slot holds 0x%08x, expected 0x%08x", i,
                              got[i], want);
                v.first_mismatch = buf;
            }
        }
        return v;
    };
    h.check.noun = "launch slots";
    Measurement m = d.run(h, own);
    // The dispatch time exists only on the device's clock: no host clock can stand in for it.
    if (spec.figure == LatencyFigure::Dispatch && m.status == Status::Ok)
        if (const auto problem = device_clock_problem(with.clocks)) {
            m.status = Status::Error;
            m.reason = "the device's profiling clock is unusable (" + *problem +
                       "), and the dispatch time is read from it";
        }
    return m;
}

} // namespace

Benchmark latency_benchmark(LatencySpec spec) {
    // Both figures pass through the host's launch path.
    spec.entry.host_timed = true;
    return make_benchmark(std::move(spec), run_latency, "launch", Unit::Seconds);
}

} // namespace clgauge
