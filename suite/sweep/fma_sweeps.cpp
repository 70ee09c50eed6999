// The fma sweep (throughput over work-item counts: partial waves) and the fma-strided sweep
// (throughput over the stride of active lanes), both on the chain harness and kernels/fma.cl.
#include "harness/chain.hpp"
#include "harness/launch.hpp"
#include "reference/fma.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"
#include "sweep/features.hpp"
#include "sweep/sweep_defs.hpp"
#include "sweep/wave.hpp"

#include <algorithm>
#include <cmath>

namespace clgauge::sweep {
namespace {

// The registry's fp32.fma: the sweeps vary its launch, and the strided one its kernel.
const ChainSpec& fp32_chain() {
    static const ChainSpec& spec = spec_of<ChainSpec>(registry_entry("fp32.fma"));
    return spec;
}
ChainSpec strided_chain(uint32_t stride) {
    ChainSpec c = fp32_chain();
    c.entry.id = "fp32.fma.strided";
    c.kernel = "fp32_fma_strided";
    c.options = "-DCLG_LANE_STRIDE=" + std::to_string(stride);
    c.ops_per_step = 4.0 / stride; // only the active items' work counts
    c.reference = [stride](uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out) {
        ref::fp32_fma_strided(stride, seed, gid, steps, out);
    };
    return c;
}

// Runs `spec` with a pinned launch; the point's y is the measured rate.
Point run_chain_point(Session& s, const ChainSpec& spec, double x, size_t global, uint32_t repeats,
                      const Settings& settings, double launch_s) {
    RunOptions o = settings.base;
    o.mode = Mode::Perf;
    o.launch.global_size = global;
    o.launch.repeats = repeats;
    o.budget.seconds = std::max(launch_s, 1e-4) * (settings.short_mode ? 3 : 6);
    o.budget.min_reps = settings.short_mode ? 3 : 5;
    o.budget.max_reps = 20;
    const Benchmark b = chain_benchmark(spec);
    Point p;
    p.x = x;
    p.m = run_benchmark(s, b, o);
    p.y = p.m.status == Status::Ok ? p.m.rate() : 0;
    return p;
}

size_t fp32_local(Session& s, const Settings& settings) {
    const cl::Kernel k =
        build_kernel(s, "fma.cl", "fp32_fma", " -DCLG_STEPS=" + std::to_string(fp32_chain().steps),
                     settings.base);
    return pick_local_size(k, s);
}

// Repeats that make one wave of `spec` take about `target_s`.
uint32_t calibrate_repeats(Session& s, const ChainSpec& spec, size_t wave, double target_s,
                           const Settings& settings) {
    uint32_t repeats = 1;
    for (int round = 0; round < 3; ++round) {
        const Point p = run_chain_point(s, spec, 0, wave, repeats, settings, 0);
        // A timeout stays one, so that the sweep's run ends as any hang does.
        if (p.m.status == Status::Timeout) throw KernelTimeout("calibration launch: " + p.m.reason);
        if (p.m.status != Status::Ok)
            throw std::runtime_error("calibration launch failed: " + p.m.reason);
        const double t = p.m.timings.device.median;
        if (t >= target_s * 0.5) break;
        repeats = uint32_t(std::clamp(repeats * target_s / std::max(t, 1e-7), double(repeats) * 2,
                                      double(1u << 16)));
    }
    return repeats;
}

Plan fma_plan(Session& s, const Settings& settings) {
    Plan plan;
    const size_t local = fp32_local(s, settings);
    const Wave wave = estimate_wave(s.facts(), local);
    // Fine steps (a quarter of a work-group per compute unit) from half a wave to 4.5 waves;
    // fewer, coarser ones in the short mode.
    const size_t max_points = settings.short_mode ? 24 : 160;
    size_t step = local * std::max<size_t>(1, s.facts().compute_units / 4);
    while (4 * wave.size / step > max_points)
        step += local;
    for (size_t n = std::max(step, round_up(wave.size / 2, step)); n <= wave.size * 9 / 2;
         n += step)
        plan.xs.push_back(double(n));
    plan.series = {"fp32 fma"};
    const double target =
        settings.short_mode ? 2e-3 : std::max(2e-3, settings.base.budget.launch_seconds() / 5);
    const uint32_t repeats = calibrate_repeats(s, fp32_chain(), wave.size, target, settings);
    plan.params = {{"repeats", repeats}, {"launch_s", target}};
    // The sawtooth of a throughput-bound chain follows the saturating wave (wave.hpp); the
    // resident wave sets the range and is reported beside it.
    plan.facts = {{"wave_size", wave.saturating_size},
                  {"wave_per_compute_unit", wave.saturating_per_cu},
                  {"wave_basis", wave.saturating_basis},
                  {"resident_wave_size", wave.size},
                  {"resident_wave_basis", wave.basis},
                  {"work_group_size", local},
                  {"step", step},
                  {"repeats", repeats},
                  {"steps_per_item", uint64_t(repeats) * fp32_chain().steps}};
    const double peak = s.cores.fp32_peak(s.facts());
    if (peak > 0) {
        plan.facts["theoretical_flops"] = peak;
        plan.facts["theoretical_basis"] = s.cores.basis;
        Line flat{"theoretical peak (" + s.cores.basis + ")", {}, {}};
        for (double n : plan.xs) {
            flat.x.push_back(n);
            flat.y.push_back(peak);
        }
        plan.theory = {flat};
    }
    return plan;
}

Point fma_point(Session& s, const Plan& plan, const std::string&, double x,
                const Settings& settings) {
    const double waves = x / plan.facts["resident_wave_size"].get<double>();
    return run_chain_point(s, fp32_chain(), x, size_t(x), uint32_t(plan.params.at("repeats")),
                           settings, plan.params.at("launch_s") * std::ceil(waves));
}

nlohmann::json fma_features(const Plan& plan, const std::vector<Series>& all) {
    const Series& s = all.at(0);
    const Sawtooth t = detect_sawtooth(x_values(s), y_values(s));
    const double wave = plan.facts["wave_size"].get<double>();
    const double step = plan.facts["step"].get<double>();
    nlohmann::json j = {{"sawtooth_found", t.found}, {"period", t.period},
                        {"drops", t.drops},          {"note", t.note},
                        {"wave_size", wave},         {"wave_basis", plan.facts["wave_basis"]},
                        {"resolution", step}};
    if (t.found) {
        j["period_over_wave"] = t.period / wave;
        j["period_matches_wave"] = std::fabs(t.period - wave) <= step;
    }
    double best = 0;
    for (const auto& p : s.points)
        best = std::max(best, p.y);
    j["max_rate"] = best;
    if (plan.facts.contains("theoretical_flops"))
        j["max_over_theoretical"] = best / plan.facts["theoretical_flops"].get<double>();
    return j;
}

Plan strided_plan(Session& s, const Settings& settings) {
    Plan plan;
    const size_t local = fp32_local(s, settings);
    const Wave wave = estimate_wave(s.facts(), local);
    const cl::Kernel k = build_kernel(
        s, "fma.cl", "fp32_fma_strided",
        "-DCLG_LANE_STRIDE=1 -DCLG_STEPS=" + std::to_string(fp32_chain().steps), settings.base);
    size_t simd = 0;
    try {
        simd = k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(s.entry.device);
    } catch (const cl::Error&) {
    }
    // Four waves: even at stride 64 (half the warps idle) the rest still fill the device.
    const size_t global = wave.size * (settings.short_mode ? 2 : 4);
    for (uint32_t st = 1; st <= 64 && st <= local; st *= 2)
        plan.xs.push_back(st);
    plan.series = {"fp32 fma, 1 of every s work-items active"};
    const double target =
        settings.short_mode ? 2e-3 : std::max(2e-3, settings.base.budget.launch_seconds() / 5);
    const uint32_t repeats = calibrate_repeats(s, fp32_chain(), global, target, settings);
    plan.params = {{"repeats", repeats}, {"launch_s", target}, {"global", double(global)}};
    plan.facts = {
        {"simd_width", simd},       {"simd_basis", "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE"},
        {"work_group_size", local}, {"global_size", global},
        {"repeats", repeats},       {"wave_size", wave.size},
        {"wave_basis", wave.basis}};
    const double peak = s.cores.fp32_peak(s.facts());
    if (peak > 0 && simd > 0) {
        plan.facts["theoretical_flops"] = peak;
        Line l{"peak / min(s, SIMD width " + std::to_string(simd) + ")", {}, {}};
        for (double st : plan.xs) {
            l.x.push_back(st);
            l.y.push_back(peak / std::min(st, double(simd)));
        }
        plan.theory = {l};
    }
    return plan;
}

Point strided_point(Session& s, const Plan& plan, const std::string&, double x,
                    const Settings& settings) {
    return run_chain_point(s, strided_chain(uint32_t(x)), x, size_t(plan.params.at("global")),
                           uint32_t(plan.params.at("repeats")), settings,
                           plan.params.at("launch_s"));
}

nlohmann::json strided_features(const Plan& plan, const std::vector<Series>& all) {
    const Series& s = all.at(0);
    const auto y = y_values(s);
    const Plateau p = detect_plateau(x_values(s), y);
    nlohmann::json j = {{"plateau_found", p.found},
                        {"plateau_from_stride", p.onset_x},
                        {"plateau_rate", p.level},
                        {"simd_width", plan.facts["simd_width"]}};
    if (!y.empty() && y.front() > 0) {
        j["stride1_rate"] = y.front();
        j["last_over_stride1"] = y.back() / y.front();
    }
    return j;
}

// Partial waves with equal work per item: time grows by a wave-time for every started wave,
// so the rate is the best measured one times n / (ceil(n / wave) x wave). Drawn at the points
// and on both sides of every boundary, so its teeth show.
std::vector<Line> fma_model(const Plan& plan, const std::vector<Series>& all) {
    const double wave = plan.facts["wave_size"].get<double>();
    const double local = plan.facts["work_group_size"].get<double>();
    double best = 0;
    for (const auto& p : all.at(0).points)
        best = std::max(best, p.y);
    if (best <= 0 || plan.xs.empty()) return {};
    std::vector<double> xs = plan.xs;
    for (double k = 1; k * wave < plan.xs.back(); ++k) {
        xs.push_back(k * wave);
        xs.push_back(k * wave + local);
    }
    std::sort(xs.begin(), xs.end());
    Line l{"best measured x n / (ceil(n / wave) x wave)", {}, {}};
    for (double n : xs) {
        l.x.push_back(n);
        l.y.push_back(best * n / (std::ceil(n / wave) * wave));
    }
    return {l};
}

std::vector<Mark> fma_marks(const Plan& plan, const nlohmann::json&) {
    const double wave = plan.facts["wave_size"].get<double>();
    std::vector<Mark> v;
    for (int k = 1; k <= 4; ++k)
        v.push_back({k * wave, std::to_string(k) + " x wave (" + std::to_string(long(wave)) + ")"});
    return v;
}

// Idle lanes cost their share of the SIMD unit: the stride-1 rate / min(s, SIMD width).
std::vector<Line> strided_model(const Plan& plan, const std::vector<Series>& all) {
    const double simd = plan.facts["simd_width"].get<double>();
    const Series& s = all.at(0);
    if (simd <= 0 || s.points.empty() || s.points.front().y <= 0) return {};
    Line l{"stride-1 rate / min(s, SIMD width)", {}, {}};
    for (const auto& p : s.points) {
        l.x.push_back(p.x);
        l.y.push_back(s.points.front().y / std::min(p.x, simd));
    }
    return {l};
}

std::vector<Mark> strided_marks(const Plan& plan, const nlohmann::json&) {
    const double simd = plan.facts["simd_width"].get<double>();
    if (simd <= 0) return {};
    return {{simd, "SIMD width " + std::to_string(long(simd))}};
}

} // namespace

Benchmark fma_strided_benchmark(uint32_t stride) {
    return chain_benchmark(strided_chain(stride));
}

std::vector<Sweep> fma_sweeps() {
    const Axis flops{"throughput", "GFLOP/s", 1e9, false};
    return {
        {.name = "fma",
         .description = "fp32 FMA chains over work-item counts, 0.5 to 4.5 waves: partial waves",
         .x = {"work-items", "", 1, false},
         .y = flops,
         .hooks = {fma_plan, fma_point, fma_features, fma_marks, fma_model}},
        {.name = "fma-strided",
         .description = "fp32 FMA chains where 1 of every s work-items runs: idle SIMD lanes",
         .x = {"stride s of active work-items", "", 1, true},
         .y = {"useful throughput", "GFLOP/s", 1e9, true},
         .hooks = {strided_plan, strided_point, strided_features, strided_marks, strided_model}},
    };
}

} // namespace clgauge::sweep
