// The cache sweep: read bandwidth over the working set, from 4 KiB to 8x the L2 (the
// registry's cache.l2.read with its window pinned), and the levels of the staircase: the L1,
// the L2 and DRAM, their steps held against the device's cache sizes.
#include "core/cache_size.hpp"
#include "core/memory_peak.hpp"
#include "harness/cache.hpp"
#include "harness/launch.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"
#include "sweep/cache_levels.hpp"
#include "sweep/point.hpp"
#include "sweep/sweep_defs.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge::sweep {
namespace {

constexpr double kKiB = 1024, kMiB = 1024 * 1024;

// Powers of two from 4 KiB to the first at or past `top`, with the points 1.5x between them
// that are whole 4 KiB chunks (from 12 KiB on), unless `powers_only`.
std::vector<double> working_sets(double top, bool powers_only) {
    std::vector<double> xs;
    for (double p = 4 * kKiB;; p *= 2) {
        xs.push_back(p);
        if (p >= top) break;
        const double between = 1.5 * p;
        if (!powers_only && double(cache_window_bytes(size_t(between))) == between)
            xs.push_back(between);
    }
    return xs;
}

Plan cache_plan(Session& s, const Settings& settings) {
    const DeviceFacts& f = s.facts();
    Plan plan;
    const CacheSize l1 = first_level_cache(f), l2 = second_level_cache(f);
    plan.facts = {{"l1_bytes", l1.bytes},
                  {"l1_basis", l1.basis},
                  {"l2_bytes", l2.bytes},
                  {"l2_basis", l2.basis}};
    // The short mode (CI on a CPU device) stops at 16 MiB: the rest is DRAM again.
    const double top =
        std::min(settings.short_mode ? std::min(8 * l2.bytes, 16 * kMiB) : 8 * l2.bytes,
                 double(max_buffer_bytes(s)) / 2);
    plan.xs = working_sets(top, settings.short_mode);
    plan.series = {"read"};
    if (const auto peak = memory_peak(f)) {
        plan.facts["dram_theoretical_Bps"] = peak->bytes_per_second;
        plan.theory.push_back({"DRAM theoretical (" + peak->basis + ")",
                               {plan.xs.front(), plan.xs.back()},
                               {peak->bytes_per_second, peak->bytes_per_second}});
    }
    if (f.is_nvidia()) {
        // An SM's L1 returns 128 bytes a clock: 128 B x SMs x clock.
        const double l1_peak = 128.0 * f.compute_units * f.clock_mhz * 1e6;
        plan.facts["l1_theoretical_Bps"] = l1_peak;
        plan.theory.push_back({"L1 theoretical (128 B/clock/SM)",
                               {plan.xs.front(), plan.xs.back()},
                               {l1_peak, l1_peak}});
    }
    return plan;
}

Point cache_point(Session& s, const Plan&, const std::string&, double x, const Settings& settings) {
    RunOptions o = point_options(settings);
    o.launch.working_set_bytes = size_t(x);
    return measure_point(s, registry_entry("cache.l2.read"), x, o);
}

nlohmann::json held(const CacheMatch& m, double device, const std::string& basis) {
    nlohmann::json j = {
        {"device_bytes", device}, {"device_basis", basis}, {"found", m.found}, {"note", m.note}};
    if (m.detected > 0)
        j.update({{"detected_bytes", m.detected}, {"ratio", m.ratio}, {"level_Bps", m.level}});
    return j;
}

// The levels and steps of the curve; the falling steps nearest the device's L1 and L2 sizes
// are the caches' ends; the last level, where it starts past the L2, is DRAM.
nlohmann::json cache_features(const Plan& plan, const std::vector<Series>& all) {
    const Series* read = find_series(all, "read");
    if (!read) return {{"note", "no read series"}};
    const CacheLevels lv = detect_cache_levels(x_values(*read), y_values(*read));
    nlohmann::json levels = nlohmann::json::array(), steps = nlohmann::json::array();
    for (const CacheLevel& l : lv.levels)
        levels.push_back({{"level_Bps", l.value},
                          {"from_bytes", l.from_x},
                          {"to_bytes", l.to_x},
                          {"points", l.points}});
    for (const CacheStep& st : lv.steps)
        steps.push_back({{"at_bytes", st.at_x}, {"from_Bps", st.from}, {"to_Bps", st.to}});
    const double l1 = plan.facts.value("l1_bytes", 0.0), l2 = plan.facts.value("l2_bytes", 0.0);
    nlohmann::json j = {
        {"levels", levels},
        {"steps", steps},
        {"note", lv.note},
        {"l1", held(match_falling_step(lv, l1), l1, plan.facts.value("l1_basis", ""))},
        {"l2", held(match_falling_step(lv, l2), l2, plan.facts.value("l2_basis", ""))}};
    if (!lv.levels.empty() && lv.levels.back().from_x > l2) {
        const double dram = lv.levels.back().value;
        j["dram"] = {{"level_Bps", dram}};
        if (plan.facts.contains("dram_theoretical_Bps"))
            j["dram"]["over_theoretical"] = dram / plan.facts["dram_theoretical_Bps"].get<double>();
    }
    if (plan.facts.contains("l1_theoretical_Bps") && j["l1"].contains("level_Bps"))
        j["l1"]["over_theoretical"] =
            j["l1"]["level_Bps"].get<double>() / plan.facts["l1_theoretical_Bps"].get<double>();
    return j;
}

std::vector<Mark> cache_marks(const Plan& plan, const nlohmann::json& features) {
    std::vector<Mark> v;
    for (const char* level : {"l1", "l2"}) {
        const std::string name = level == std::string("l1") ? "L1" : "L2";
        const double device = plan.facts.value(std::string(level) + "_bytes", 0.0);
        if (device > 0) v.push_back({device, name + " " + cache_size_text(device) + " (device)"});
        if (features.contains(level) && features[level].value("found", false)) {
            const double at = features[level]["detected_bytes"].get<double>();
            v.push_back({at, name + " step " + cache_size_text(at) + " (detected)"});
        }
    }
    return v;
}

} // namespace

std::vector<Sweep> cache_sweeps() {
    return {{.name = "cache",
             .description = "float4 reads of one working set over and over: L1, L2, DRAM",
             .x = {"working set", "bytes", 1, true},
             .y = {"bandwidth", "TB/s", 1e12, true},
             .hooks = {cache_plan, cache_point, cache_features, cache_marks}}};
}

} // namespace clgauge::sweep
