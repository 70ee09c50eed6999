#include "analysis/timing_analysis.hpp"

#include "base/number_text.hpp"
#include "harness/launch.hpp"
#include "measure/timing.hpp"

#include <chrono>
#include <cstdio>
#include <iomanip>

namespace clgauge::analysis {
namespace {

double round_trip(cl::CommandQueue& q, cl::Kernel& k, size_t global, size_t local,
                  double timeout_s) {
    q.finish();
    const auto t0 = std::chrono::steady_clock::now();
    cl::Event e;
    q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &e);
    q.flush();
    wait_for(e, timeout_s);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string us(double s) {
    return number_text(s * 1e6, "%.1f");
}

} // namespace

TimingAnalysis analyze_timing(Session& s, const RunOptions& opts, int reps) {
    TimingAnalysis t;
    t.timer_resolution_ns = s.facts().timer_resolution_ns;
    cl::Kernel k = build_kernel(s, "fma.cl", "fp32_fma", " -DCLG_STEPS=512", opts);
    const size_t local = pick_local_size(k, s);
    const size_t full = round_up(std::max<size_t>(1, s.facts().compute_units) * local * 4, local);
    cl::Buffer out(s.context, CL_MEM_WRITE_ONLY, full * 8);
    k.setArg(0, out);
    k.setArg(1, opts.seed);
    k.setArg(2, cl_uint(1));
    cl::CommandQueue plain(s.context, s.entry.device, 0);

    // One work-item: the shortest kernel there is, so its START..END shows the timer's grain.
    std::vector<double> tiny;
    for (int i = 0; i < reps; ++i) {
        cl::Event e;
        s.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr, &e);
        s.queue.flush();
        wait_for(e, opts.timeout_s);
        tiny.push_back(event_seconds(e));
    }
    t.smallest_duration_s = summarize(tiny).min;

    struct Launch {
        size_t global, local;
    };
    const Launch launches[] = {{1, 1}, {full, local}};
    for (const auto& l : launches) {
        std::vector<double> with, without;
        round_trip(s.queue, k, l.global, l.local, opts.timeout_s); // warm both queues
        round_trip(plain, k, l.global, l.local, opts.timeout_s);
        for (int i = 0; i < reps; ++i) { // interleaved, so drift hits both alike
            with.push_back(round_trip(s.queue, k, l.global, l.local, opts.timeout_s));
            without.push_back(round_trip(plain, k, l.global, l.local, opts.timeout_s));
        }
        ProfilingCost c;
        c.launch = l.global == 1 ? "1 work-item"
                                 : std::to_string(l.global) + " work-items (" +
                                       std::to_string(l.global / l.local) + " work-groups)";
        c.with_profiling_s = summarize(with).median;
        c.without_profiling_s = summarize(without).median;
        t.costs.push_back(c);
    }
    return t;
}

nlohmann::json stages_to_json(const Measurement& m) {
    const Timings& t = m.timings;
    return {{"queued_to_submit_s", t.queued_to_submit.median},
            {"submit_to_start_s", t.submit_to_start.median},
            {"start_to_end_s", t.device.median},
            {"host_round_trip_s", t.host.median},
            {"host_minus_device_s", t.host.median - t.device.median},
            {"samples", t.device.count()}};
}

nlohmann::json timing_to_json(const TimingAnalysis& t, const DeviceReport& r) {
    nlohmann::json per = nlohmann::json::object();
    for (const auto& x : r.results)
        if (x.measurement.timings.device.count() > 0)
            per[x.benchmark->id] = stages_to_json(x.measurement);
    nlohmann::json costs = nlohmann::json::array();
    for (const auto& c : t.costs)
        costs.push_back({{"launch", c.launch},
                         {"host_round_trip_with_profiling_s", c.with_profiling_s},
                         {"host_round_trip_without_profiling_s", c.without_profiling_s},
                         {"profiling_overhead_s", c.overhead_s()}});
    return {{"timer_resolution_ns", t.timer_resolution_ns},
            {"smallest_kernel_duration_s", t.smallest_duration_s},
            {"profiling_cost", costs},
            {"benchmarks", per}};
}

void print_timing(std::ostream& os, const TimingAnalysis& t, const DeviceReport& r) {
    os << "\nTiming analysis (medians, microseconds): QUEUED->SUBMIT->START->END vs host clock\n";
    os << std::left << std::setw(22) << "benchmark" << std::right << std::setw(14)
       << "queue->submit" << std::setw(14) << "submit->start" << std::setw(14) << "start->end"
       << std::setw(14) << "host" << std::setw(14) << "host-device"
       << "\n";
    for (const auto& x : r.results) {
        const Timings& m = x.measurement.timings;
        if (m.device.count() == 0) continue;
        os << std::left << std::setw(22) << x.benchmark->id << std::right << std::setw(14)
           << us(m.queued_to_submit.median) << std::setw(14) << us(m.submit_to_start.median)
           << std::setw(14) << us(m.device.median) << std::setw(14) << us(m.host.median)
           << std::setw(14) << us(m.host.median - m.device.median) << "\n";
    }
    os << "profiling timer resolution: " << t.timer_resolution_ns
       << " ns (CL_DEVICE_PROFILING_TIMER_RESOLUTION); shortest 1-work-item kernel: "
       << us(t.smallest_duration_s) << " us\n";
    for (const auto& c : t.costs)
        os << "profiling overhead, " << c.launch << ": host round trip " << us(c.with_profiling_s)
           << " us with profiling, " << us(c.without_profiling_s) << " us without ("
           << (c.overhead_s() >= 0 ? "+" : "") << us(c.overhead_s()) << " us)\n";
}

} // namespace clgauge::analysis
