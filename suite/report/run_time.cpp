#include "report/run_time.hpp"
#include "measure/phase_clock.hpp"

#include <algorithm>
#include <cstdio>

namespace clgauge {

nlohmann::json phase_times_to_json(const PhaseTimes& t) {
    nlohmann::json j = nlohmann::json::object();
    for (size_t i = 0; i < kPhaseCount; ++i)
        j[phase_name(Phase(i))] = t.seconds[i];
    j["total"] = t.total();
    return j;
}

void print_run_time(std::ostream& os, const PhaseTimes& whole_run) {
    char total[32];
    std::snprintf(total, sizeof total, "%.1f", whole_run.total());
    os << "time: " << total << " s in all: " << describe_phase_times(whole_run) << "\n";
}

void print_benchmark_phases(std::ostream& os, const DeviceReport& report) {
    std::vector<const BenchmarkResult*> ran;
    for (const auto& r : report.results)
        if (r.measurement.phases.total() > 0) ran.push_back(&r);
    std::stable_sort(ran.begin(), ran.end(), [](const auto* a, const auto* b) {
        return a->measurement.phases.total() > b->measurement.phases.total();
    });
    os << "\nTime per benchmark (host wall seconds, slowest first):\n";
    char line[160];
    std::snprintf(line, sizeof line, "%-34s %8s", "benchmark", "total");
    os << line;
    for (size_t i = 0; i < kPhaseCount; ++i) {
        std::snprintf(line, sizeof line, " %9s", phase_name(Phase(i)));
        os << line;
    }
    os << "\n";
    for (const auto* r : ran) {
        const PhaseTimes& t = r->measurement.phases;
        std::snprintf(line, sizeof line, "%-34s %8.3f", r->benchmark->id.c_str(), t.total());
        os << line;
        for (double s : t.seconds) {
            std::snprintf(line, sizeof line, " %9.3f", s);
            os << line;
        }
        os << "\n";
    }
}

} // namespace clgauge
