// The chase sweep (the latency staircase): latency.chase over working sets from 4 KiB
// to past 4x the last-level cache, its levels (L1, L2, DRAM, TLB steps) detected and held
// against the cache size the stream sweep uses.
#include "core/cache_size.hpp"
#include "harness/chase.hpp"
#include "harness/launch.hpp"
#include "registry/registry.hpp"
#include "sweep/point.hpp"
#include "sweep/staircase.hpp"
#include "sweep/sweep_defs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace clgauge::sweep {
namespace {

const double kFineStep = std::pow(2.0, 0.125);

Plan chase_plan(Session& s, const Settings& settings) {
    Plan plan;
    const DeviceFacts& f = s.facts();
    const CacheSize llc = last_level_cache(f);
    const double line = double(chase_line_bytes(s));
    const CacheSize l1 = first_level_cache(f);
    plan.facts = {{"cache_bytes", llc.bytes}, {"cache_basis", llc.basis},
                  {"l1_bytes", l1.bytes},     {"l1_basis", l1.basis},
                  {"line_bytes", line},       {"clock_MHz", f.clock_mhz}};
    // Two points per octave from 4 KiB to past 4x the cache (on a GPU at least 1 GiB, where
    // TLB steps show); the short mode (CI, a CPU device) one point an octave to 16 MiB.
    const double top =
        settings.short_mode ? 16.0 * (1 << 20) : std::max(4.5 * llc.bytes, 1024.0 * (1 << 20));
    // Word indices stay within 32 bits.
    const double limit = std::min(double(max_buffer_bytes(s)), 4.0 * 0xffffffffu);
    const double factor = settings.short_mode ? 2 : std::sqrt(2.0);
    std::vector<double> xs;
    for (double x = 4096; x <= std::min(top, limit) * 1.001; x *= factor)
        xs.push_back(x);
    // A cache split in two partitions (the H100's and H200's L2) has a second step between
    // half the cache and the cache: eight points an octave from a quarter of it to its size
    // give each step the several points a level needs.
    if (!settings.short_mode && llc.bytes > 0)
        for (double x = llc.bytes / 4; x <= std::min(llc.bytes, limit) * 1.001; x *= kFineStep)
            xs.push_back(x);
    std::sort(xs.begin(), xs.end());
    for (double x : xs) {
        const double q = std::max(2.0, std::floor(x / line)) * line;
        if (plan.xs.empty() || q > plan.xs.back() * 1.02) plan.xs.push_back(q);
    }
    plan.series = {"latency"};
    return plan;
}

Point chase_point(Session& s, const Plan&, const std::string&, double x, const Settings& settings) {
    RunOptions o = point_options(settings, {0.05, 0.04, 20});
    o.launch.array_bytes = size_t(x);
    return measure_point(s, registry_entry("latency.chase"), x, o);
}

// The clock the levels' cycles count: the median SM clock the kernel read over the points
// where it did (NVIDIA), else the reported clock; and which it is.
std::pair<double, std::string> level_clock(const Plan& plan, const std::vector<Series>& all) {
    std::vector<double> mhz;
    if (const Series* s = find_series(all, "latency"))
        for (const Point& p : s->points)
            for (const auto& [key, value] : p.m.details)
                if (key == "sm_clock_MHz") mhz.push_back(std::atof(value.c_str()));
    if (!mhz.empty()) {
        std::sort(mhz.begin(), mhz.end());
        const double m = mhz[mhz.size() / 2];
        return {m, "the SM clock read in the kernel, median " + std::to_string(int(m + 0.5)) +
                       " MHz over " + std::to_string(mhz.size()) + " points"};
    }
    const double reported = plan.facts["clock_MHz"].get<double>();
    return {reported, "the reported clock, " + std::to_string(int(reported + 0.5)) + " MHz"};
}

Staircase named_levels(const Plan& plan, const std::vector<Series>& all, bool& reached_dram) {
    const Series* s = find_series(all, "latency");
    Staircase st = s ? detect_levels(x_values(*s), y_values(*s)) : Staircase{};
    reached_dram = name_levels(st, plan.facts["cache_bytes"].get<double>());
    return st;
}

nlohmann::json chase_features(const Plan& plan, const std::vector<Series>& all) {
    bool dram = false;
    const Staircase st = named_levels(plan, all, dram);
    const auto [mhz, clock_basis] = level_clock(plan, all);
    const double cache = plan.facts["cache_bytes"].get<double>();
    nlohmann::json levels = nlohmann::json::array();
    for (const Level& l : st.levels)
        levels.push_back({{"name", l.name},
                          {"latency_ns", l.latency * 1e9},
                          {"cycles", l.latency * mhz * 1e6},
                          {"from_bytes", l.from_x},
                          {"to_bytes", l.to_x},
                          {"points", l.last - l.first + 1}});
    nlohmann::json j = {{"levels", levels},
                        {"reached_dram", dram},
                        {"note", st.note},
                        {"cache_bytes", cache},
                        {"cycles_clock", clock_basis}};
    // Levels between the L1 and DRAM: one L2, or an L2 in steps (a near and a far partition).
    size_t l2 = 0;
    for (const Level& l : st.levels)
        l2 += l.name.rfind("L2", 0) == 0;
    j["l2_levels"] = l2;
    if (l2 >= 2) {
        const Level& far = st.levels[l2]; // levels[0] is the L1
        char line[160];
        std::snprintf(line, sizeof line, "%zu L2 levels: the last, %.0f cycles, from %s", l2,
                      far.latency * mhz * 1e6, cache_size_text(far.from_x).c_str());
        j["l2_note"] = line;
    } else {
        j["l2_note"] = dram ? "one L2 level: no second step before DRAM" : "no DRAM level reached";
    }
    // The cache's edge: the last working set before the DRAM level, and the first in it.
    for (size_t i = 1; i < st.levels.size(); ++i)
        if (st.levels[i].name == "DRAM" && cache > 0) {
            j["last_cached_bytes"] = st.levels[i - 1].to_x;
            j["dram_from_bytes"] = st.levels[i].from_x;
            j["dram_from_over_cache"] = st.levels[i].from_x / cache;
        }
    return j;
}

// The detected levels as horizontal lines over their working sets.
std::vector<Line> chase_level_lines(const Plan& plan, const std::vector<Series>& all) {
    bool dram = false;
    std::vector<Line> v;
    const double mhz = level_clock(plan, all).first;
    for (const Level& l : named_levels(plan, all, dram).levels) {
        char name[96];
        std::snprintf(name, sizeof name, "%s: %.1f ns, %.0f clk", l.name.c_str(), l.latency * 1e9,
                      l.latency * mhz * 1e6);
        v.push_back({name, {l.from_x, l.to_x}, {l.latency, l.latency}});
    }
    return v;
}

std::vector<Mark> chase_marks(const Plan& plan, const nlohmann::json& features) {
    std::vector<Mark> v;
    const double cache = plan.facts["cache_bytes"].get<double>();
    if (cache > 0) v.push_back({cache, "cache " + cache_size_text(cache)});
    if (const double l1 = plan.facts["l1_bytes"].get<double>(); l1 > 0)
        v.push_back({l1, "L1 " + cache_size_text(l1)});
    if (features.contains("dram_from_bytes"))
        v.push_back({features["dram_from_bytes"].get<double>(), "DRAM level from here"});
    return v;
}

} // namespace

std::vector<Sweep> chase_sweeps() {
    return {{.name = "chase",
             .description = "latency.chase over the working set: one dependent load per step",
             .x = {"working set", "bytes", 1, true},
             .y = {"latency per load", "ns", 1e-9, true},
             .hooks = {chase_plan, chase_point, chase_features, chase_marks, chase_level_lines}}};
}

} // namespace clgauge::sweep
