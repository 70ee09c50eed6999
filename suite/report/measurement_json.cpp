#include "report/measurement_json.hpp"

#include "report/run_time.hpp"

namespace clgauge {

nlohmann::json measurement_to_json(const Benchmark& b, const Measurement& m) {
    // A harness's facts by name: a name given twice keeps its first value, in the report and
    // in a resumed run alike.
    nlohmann::json details = nlohmann::json::object();
    for (const auto& [k, v] : m.details)
        if (!details.contains(k)) details[k] = v;
    nlohmann::json j = {{"id", b.id},
                        {"family", b.family},
                        {"unit", unit_name(b.unit)},
                        {"status", status_name(m.status)},
                        {"reason", m.reason},
                        {"build_log", m.build_log},
                        {"path", m.path},
                        {"code", code_to_json<nlohmann::json>(m.code)},
                        {"rate", m.rate()},
                        {"time_is_figure", m.time_is_figure},
                        {"median_s", m.timings.device.median},
                        {"min_s", m.timings.device.min},
                        {"max_s", m.timings.device.max},
                        {"mean_s", m.timings.device.mean},
                        {"mad_s", m.timings.device.mad},
                        {"samples_s", m.timings.device.samples},
                        {"host_median_s", m.timings.host.median},
                        {"clock", timer_source_name(m.timings.clock)},
                        {"clock_note", m.timings.clock_note},
                        {"work_per_launch", m.work_per_launch},
                        {"global_size", m.global_size},
                        {"local_size", m.local_size},
                        {"verification",
                         {{"checked", m.verification.checked},
                          {"mismatches", m.verification.mismatches},
                          {"first_mismatch", m.verification.first_mismatch},
                          {"degenerate", m.verification.degenerate},
                          {"passed", m.verification.passed()}}},
                        {"details", details},
                        {"phases_s", phase_times_to_json(m.phases)}};
    // The leading samples left out as the warm-up (measure/steady_state.hpp).
    j["warmup_dropped"] = m.timings.warmup_dropped;
    if (m.reference_rate > 0)
        j["reference"] = {{"what", m.reference_what}, {"rate", m.reference_rate}};
    return j;
}

} // namespace clgauge
