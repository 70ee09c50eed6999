// The local-banks sweep: local.read.f32's kernel with lane l of each 32 work-items starting at
// word l x stride (CLG_BANK_STRIDE), over strides 1 to 32: the bank conflicts of local memory.
#include "core/memory_peak.hpp"
#include "harness/chain.hpp"
#include "reference/local.hpp"
#include "registry/registry.hpp"
#include "sweep/point.hpp"
#include "sweep/staircase.hpp"
#include "sweep/sweep_defs.hpp"

namespace clgauge::sweep {

Benchmark local_banks_benchmark(uint32_t stride) {
    ChainSpec spec = spec_of<ChainSpec>(registry_entry("local.read.f32"));
    spec.entry.id = "local.banks.s" + std::to_string(stride);
    spec.entry.description =
        "float reads of a local-memory ring, lane l of 32 at word l x " + std::to_string(stride);
    spec.options += " -DCLG_BANK_STRIDE=" + std::to_string(stride) + "u";
    spec.reference = [stride](uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out) {
        ref::local_banks(stride, seed, gid, steps, out);
    };
    return chain_benchmark(std::move(spec));
}

namespace {

// NVIDIA: 32 banks of 4 bytes since Maxwell (cudaDeviceProp has no bank count; the CUDA
// programming guide's shared-memory section).
constexpr unsigned kNvidiaBanks = 32;

Plan banks_plan(Session& s, const Settings& settings) {
    Plan plan;
    plan.series = {"f32"};
    if (settings.short_mode)
        plan.xs = {1, 2, 3, 4, 8, 16, 32};
    else
        for (int st = 1; st <= 32; ++st)
            plan.xs.push_back(st);
    if (s.facts().is_nvidia())
        plan.facts = {{"banks", kNvidiaBanks}, {"banks_basis", "NVIDIA: 32 banks of 4 bytes"}};
    if (const auto peak = local_memory_peak(s.facts())) {
        plan.facts["theoretical_Bps"] = peak->bytes_per_second;
        plan.facts["theoretical_basis"] = peak->basis;
    }
    return plan;
}

Point banks_point(Session& s, const Plan&, const std::string&, double x, const Settings& settings) {
    return measure_point(s, local_banks_benchmark(uint32_t(x)), x, point_options(settings));
}

// The model of the device's bank count (or of the fitted one) from the stride-1 rate, and the
// theoretical local bandwidth.
std::vector<Line> banks_model(const Plan& plan, const std::vector<Series>& all) {
    std::vector<Line> v;
    const Series* s = find_series(all, "f32");
    if (s && !s->points.empty() && s->points.front().y > 0) {
        const unsigned banks = plan.facts.contains("banks")
                                   ? plan.facts["banks"].get<unsigned>()
                                   : fit_banks(x_values(*s), y_values(*s)).banks;
        Line l{banks == 1 ? "stride-1 rate (no banks: no conflicts)"
                          : "stride-1 rate / gcd(s, " + std::to_string(banks) + ") (" +
                                std::to_string(banks) + " banks)",
               {},
               {}};
        for (const auto& p : s->points) {
            l.x.push_back(p.x);
            l.y.push_back(s->points.front().y / conflict_ways(unsigned(p.x), banks));
        }
        v.push_back(l);
    }
    add_theoretical_line(plan, v);
    return v;
}

nlohmann::json banks_features(const Plan& plan, const std::vector<Series>& all) {
    const Series* s = find_series(all, "f32");
    if (!s) return {{"note", "no f32 series"}};
    const auto x = x_values(*s), y = y_values(*s);
    const BankFit f = fit_banks(x, y);
    nlohmann::json ratios = nlohmann::json::object();
    for (size_t i = 0; i < x.size(); ++i)
        if (!y.empty() && y.front() > 0) ratios[std::to_string(long(x[i]))] = y[i] / y.front();
    nlohmann::json j = {{"banks_fit", f.banks},
                        {"fit_found", f.found},
                        {"rms_log_error", f.rms_log_error},
                        {"odd_stride_min_ratio", f.odd_stride_min_ratio},
                        {"ratio_to_stride1", ratios},
                        {"note", f.note}};
    if (plan.facts.contains("banks"))
        j["banks_match"] = f.found && f.banks == plan.facts["banks"].get<unsigned>();
    if (plan.facts.contains("theoretical_Bps") && !y.empty())
        j["stride1_over_theoretical"] = y.front() / plan.facts["theoretical_Bps"].get<double>();
    return j;
}

std::vector<Mark> banks_marks(const Plan& plan, const nlohmann::json&) {
    if (!plan.facts.contains("banks")) return {};
    const unsigned b = plan.facts["banks"].get<unsigned>();
    return {{double(b), "stride = banks (" + std::to_string(b) + "-way)"}};
}

} // namespace

std::vector<Sweep> local_banks_sweeps() {
    return {{.name = "local-banks",
             .description = "4-byte local reads, lane l of 32 at word l x s: bank conflicts",
             .x = {"stride s (4-byte words)", "", 1, false},
             .y = {"bandwidth", "GB/s", 1e9, true},
             .hooks = {banks_plan, banks_point, banks_features, banks_marks, banks_model}}};
}

} // namespace clgauge::sweep
