// The stream sweep (bandwidth over working-set size: the cache bump and the asymptote) and
// the stream-strided sweep (bandwidth over read and write strides), both running the
// registry's own entries (stream.copy/triad.f32, mem.strided.read/write) with the memory
// harness's size and stride pinned.
#include "core/cache_size.hpp"
#include "core/memory_peak.hpp"
#include "harness/launch.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"
#include "sweep/features.hpp"
#include "sweep/point.hpp"
#include "sweep/sweep_defs.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge::sweep {
namespace {

struct StreamSeries {
    const char* name;
    const char* id;
    unsigned arrays; // arrays the kernel touches: the working set is arrays x array bytes
};
// The stream sweep plots copy; triad adds three loads per store; read (one load, a checksum per
// work-item) is the pattern closest to mem.coalesced.read, which the asymptote is held to.
const StreamSeries kStream[] = {{"copy", "stream.copy.f32", 2},
                                {"triad", "stream.triad.f32", 4},
                                {"read", "stream.read.f32", 1}};

void add_peak(const Session& s, Plan& plan) {
    if (const auto peak = memory_peak(s.facts())) {
        plan.facts["theoretical_Bps"] = peak->bytes_per_second;
        plan.facts["theoretical_basis"] = peak->basis;
    }
}

Plan stream_plan(Session& s, const Settings& settings) {
    Plan plan;
    const CacheSize llc = last_level_cache(s.facts());
    plan.facts = {{"cache_bytes", llc.bytes}, {"cache_basis", llc.basis}};
    add_peak(s, plan);
    // The registry's read bandwidth at its full size, the figure the asymptote is held to.
    RunOptions ref = settings.base;
    ref.mode = Mode::Perf;
    if (settings.short_mode) ref.budget.seconds = std::min(ref.budget.seconds, 0.05);
    const Measurement read = run_benchmark(s, registry_entry("mem.coalesced.read"), ref);
    if (read.status == Status::Ok) plan.facts["coalesced_read_Bps"] = read.rate();

    // Working sets from 16 KiB to far past the cache: 16x (the asymptote needs several
    // points beyond the bump), 4 steps per octave; the short mode 4x, 1 step per octave.
    const double top = settings.short_mode ? std::min(4 * llc.bytes, 128.0 * (1 << 20))
                                           : std::max(16 * llc.bytes, 256.0 * (1 << 20));
    const double limit = double(max_buffer_bytes(s)); // read: one array of the whole set
    const double factor = settings.short_mode ? 2 : std::pow(2.0, 0.25);
    // Whole 4 KiB pages per array, so 16 KiB steps of working set (triad has four arrays):
    // the first octaves have fewer points.
    const double quantum = 16 * 1024;
    for (double x = quantum; x <= std::min(top, limit) * 1.001; x *= factor) {
        const double q = std::round(x / quantum) * quantum;
        if (plan.xs.empty() || q > plan.xs.back()) plan.xs.push_back(q);
    }
    for (const auto& ser : kStream)
        plan.series.push_back(ser.name);
    if (plan.facts.contains("theoretical_Bps")) {
        const double peak = plan.facts["theoretical_Bps"].get<double>();
        plan.theory = {{"theoretical (" + plan.facts["theoretical_basis"].get<std::string>() + ")",
                        {plan.xs.front(), plan.xs.back()},
                        {peak, peak}}};
    }
    return plan;
}

Point stream_point(Session& s, const Plan&, const std::string& series, double x,
                   const Settings& settings) {
    for (const auto& ser : kStream)
        if (series == ser.name) {
            RunOptions o = point_options(settings);
            const size_t array = std::max<size_t>(4096, size_t(x / ser.arrays) / 4096 * 4096);
            o.launch.array_bytes = array;
            return measure_point(s, registry_entry(ser.id), double(array) * ser.arrays, o);
        }
    throw std::runtime_error("unknown stream series " + series);
}

// Per series: the bump and the asymptote. The sweep's asymptotic bandwidth is the higher of
// the series' asymptotes (a series that levels off lower is limited by its pattern, not the DRAM),
// compared with the theoretical bandwidth and with mem.coalesced.read.
nlohmann::json stream_features(const Plan& plan, const std::vector<Series>& all) {
    nlohmann::json series = nlohmann::json::object();
    const double cache = plan.facts["cache_bytes"].get<double>();
    double best = 0;
    std::string best_name;
    for (const auto& s : all) {
        const Bump b = detect_bump(x_values(s), y_values(s));
        nlohmann::json f = {{"bump_found", b.found},
                            {"asymptote_Bps", b.asymptote},
                            {"peak_Bps", b.peak},
                            {"peak_at_bytes", b.peak_x},
                            {"note", b.note}};
        if (b.found) {
            f["bump_end_bytes"] = b.end_x;
            f["bump_peak_Bps"] = b.bump_peak;
            f["bump_peak_at_bytes"] = b.bump_peak_x;
            if (cache > 0) f["bump_end_over_cache"] = b.end_x / cache;
        }
        if (b.asymptote > best) best = b.asymptote, best_name = s.name;
        series[s.name] = f;
    }
    nlohmann::json j = {{"series", series},
                        {"asymptote_Bps", best},
                        {"asymptote_series", best_name},
                        {"cache_bytes", cache}};
    if (plan.facts.contains("theoretical_Bps"))
        j["asymptote_over_theoretical"] = best / plan.facts["theoretical_Bps"].get<double>();
    if (plan.facts.contains("coalesced_read_Bps"))
        j["asymptote_over_coalesced_read"] = best / plan.facts["coalesced_read_Bps"].get<double>();
    return j;
}

std::vector<Mark> stream_marks(const Plan& plan, const nlohmann::json& features) {
    std::vector<Mark> v;
    const double cache = plan.facts["cache_bytes"].get<double>();
    if (cache > 0)
        v.push_back(
            {cache, "cache " + (cache >= 1 << 20 ? std::to_string(long(cache / (1 << 20))) + " MiB"
                                                 : std::to_string(long(cache / 1024)) + " KiB")});
    for (const auto& [name, f] : features["series"].items())
        if (f.value("bump_found", false))
            v.push_back({f["bump_end_bytes"].get<double>(), name + ": bump ends"});
    return v;
}

// Transfer granularity the strided model assumes: NVIDIA moves 32-byte sectors, the others
// 64-byte cache lines.
double sector_bytes(const DeviceFacts& f) {
    return f.is_nvidia() ? 32 : 64;
}

Plan strided_plan(Session& s, const Settings& settings) {
    Plan plan;
    for (double st = 1; st <= (settings.short_mode ? 16 : 64); st *= 2)
        plan.xs.push_back(st);
    plan.series = {"read", "write"};
    plan.facts = {{"sector_bytes", sector_bytes(s.facts())},
                  {"sector_basis", s.facts().is_nvidia() ? "NVIDIA: 32-byte sectors"
                                                         : "64-byte cache lines (assumed)"},
                  {"word_bytes", 4}};
    add_peak(s, plan);
    if (settings.short_mode) plan.params["array_bytes"] = 4 << 20;
    return plan;
}

Point strided_point(Session& s, const Plan& plan, const std::string& series, double x,
                    const Settings& settings) {
    RunOptions o = point_options(settings);
    o.launch.stride = unsigned(x);
    if (plan.params.count("array_bytes"))
        o.launch.array_bytes = size_t(plan.params.at("array_bytes"));
    return measure_point(
        s, registry_entry(series == "read" ? "mem.strided.read" : "mem.strided.write"), x, o);
}

// Each access of a 4-byte word at stride s moves min(s x 4, sector) bytes: the stride-1
// rate divided by min(s, sector / 4).
std::vector<Line> strided_model(const Plan& plan, const std::vector<Series>& all) {
    const double words = plan.facts["sector_bytes"].get<double>() / 4;
    std::vector<Line> v;
    for (const auto& s : all) {
        if (s.points.empty() || s.points.front().y <= 0) continue;
        Line l{s.name + ": stride-1 rate / min(s, " + std::to_string(int(words)) +
                   ") (sector model)",
               {},
               {}};
        for (const auto& p : s.points) {
            l.x.push_back(p.x);
            l.y.push_back(s.points.front().y / std::min(p.x, words));
        }
        v.push_back(l);
    }
    add_theoretical_line(plan, v);
    return v;
}

nlohmann::json strided_features(const Plan& plan, const std::vector<Series>& all) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& s : all) {
        const auto y = y_values(s);
        nlohmann::json ratios = nlohmann::json::object();
        for (const auto& p : s.points)
            if (!y.empty() && y.front() > 0) ratios[std::to_string(long(p.x))] = p.y / y.front();
        const Plateau pl = detect_plateau(x_values(s), y);
        j[s.name] = {{"ratio_to_stride1", ratios},
                     {"plateau_found", pl.found},
                     {"plateau_from_stride", pl.onset_x},
                     {"plateau_from_bytes", pl.onset_x * 4},
                     {"sector_bytes", plan.facts["sector_bytes"]}};
    }
    return j;
}

std::vector<Mark> strided_marks(const Plan& plan, const nlohmann::json&) {
    const double words = plan.facts["sector_bytes"].get<double>() / 4;
    return {{words, "stride = sector (" + std::to_string(long(words * 4)) + " B)"}};
}

} // namespace

std::vector<Sweep> memory_sweeps() {
    return {
        {.name = "stream",
         .description =
             "stream copy, triad and read (f32) over the working set: cache bump, asymptote",
         .x = {"working set (all arrays)", "bytes", 1, true},
         .y = {"bandwidth", "GB/s", 1e9, false},
         .hooks = {stream_plan, stream_point, stream_features, stream_marks}},
        {.name = "stream-strided",
         .description = "4-byte reads and writes s words apart across work-items",
         .x = {"stride s (4-byte words)", "", 1, true},
         .y = {"bandwidth", "GB/s", 1e9, true},
         .hooks = {strided_plan, strided_point, strided_features, strided_marks, strided_model}},
    };
}

} // namespace clgauge::sweep
