#include "run/runner.hpp"

#include "core/near_device.hpp"
#include "harness/launch.hpp"
#include "measure/background_work.hpp"
#include "measure/ceiling.hpp"
#include "measure/clock_check.hpp"
#include "measure/phase_clock.hpp"

#include <optional>

namespace clgauge {

PathChoice choose_path(const Benchmark& b, const Capabilities& caps,
                       const std::optional<std::string>& forced) {
    PathChoice choice;
    std::string reasons;
    for (const auto& p : b.paths) {
        if (forced && p.name != *forced) continue;
        std::string gaps;
        for (Need n : p.needs)
            if (auto why = unmet(n, caps)) gaps += (gaps.empty() ? "" : ", ") + *why;
        if (gaps.empty()) {
            choice.path = &p;
            return choice;
        }
        reasons += (reasons.empty() ? "" : "; ") + p.name + ": " + gaps;
    }
    if (forced && reasons.empty())
        choice.unsupported_reason = "benchmark has no path '" + *forced + "'";
    else
        choice.unsupported_reason = reasons;
    return choice;
}

namespace {

Measurement run_guarded(Session& session, const Benchmark& b, const RunOptions& options) {
    Measurement m;
    const PathChoice choice = choose_path(b, session.caps, options.forced_path);
    if (!choice.path) {
        m.status = Status::Unsupported;
        m.reason = choice.unsupported_reason;
        return m;
    }
    (void)session.programs.take_compiler_output(); // an earlier build's, not this benchmark's
    (void)session.programs.take_code();
    try {
        // Every harness's figure, however it was timed, against the host and the peak.
        // A figure the host times is timed from the CPUs nearest the device, into host
        // memory there.
        std::optional<NearDevice> near;
        if (b.host_timed && options.mode == Mode::Perf && !session.facts().is_cpu())
            near.emplace(session.facts());
        m = measure_within_ceiling(b, session.facts(), session.cores, [&] {
            Measurement x = b.run(session, b, *choice.path, options);
            if (near) x.details.push_back({"host_placement", near->note()});
            x.path = choice.path->name;
            if (x.status == Status::Ok) check_figure_clock(x.timings);
            return x;
        });
    } catch (const DeviceLimit& e) {
        m.status = Status::Unsupported;
        m.reason = e.what();
        m.path = choice.path->name;
    } catch (const BuildFailure& e) {
        m.status = Status::BuildFailed;
        m.reason = e.what();
        m.build_log = e.log;
        m.path = choice.path->name;
    } catch (const KernelTimeout& e) {
        m.status = Status::Timeout;
        m.reason = e.what();
        m.path = choice.path->name;
    } catch (const cl::Error& e) {
        m.status = Status::Error;
        m.reason = std::string(e.what()) + ": " + cl_error_name(e.err());
        m.path = choice.path->name;
    } catch (const std::exception& e) {
        m.status = Status::Error;
        m.reason = e.what();
        m.path = choice.path->name;
    }
    m.code = session.programs.take_code();
    if (const std::string printed = session.programs.take_compiler_output(); !printed.empty())
        m.build_log += (m.build_log.empty() ? "" : "\n") + printed;
    return m;
}

} // namespace

Measurement run_benchmark(Session& session, const Benchmark& b, const RunOptions& options) {
    (void)take_phase_times(); // the time before it is not this benchmark's
    session.programs.identify_code(options.build.identify_code);
    const HostTimingScope host_timing(b.host_timed);
    Measurement m = run_guarded(session, b, options);
    // Its timed launches are over: the run's background work goes on until the next one's.
    release_background_work();
    m.phases = take_phase_times();
    return m;
}

} // namespace clgauge
