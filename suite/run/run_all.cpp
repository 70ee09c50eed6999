#include "run/run_all.hpp"

#include "measure/phase_clock.hpp"
#include "run/measure_each.hpp"
#include "run/runner.hpp"

#include <stdexcept>

namespace clgauge {

void build_ahead(Session& session, const std::vector<const Benchmark*>& selection,
                 const RunOptions& options, unsigned threads, const RunHooks& hooks,
                 const BuildProgress& progress) {
    PhaseScope building(Phase::Build);
    session.programs.identify_code(options.build.identify_code);
    for (const Benchmark* b : selection) {
        const PathChoice choice = choose_path(*b, session.caps, options.forced_path);
        if (!choice.path || (hooks.earlier && hooks.earlier(*b))) continue;
        session.programs.discover([&] { (void)b->run(session, *b, *choice.path, options); });
    }
    session.programs.build_discovered(threads, progress);
}

DeviceReport run_all(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& options, ProgressLine* progress, const RunHooks& hooks) {
    DeviceReport r;
    r.device_index = session.entry.index;
    r.facts = session.facts();
    r.caps = session.caps;
    r.cores = session.cores;
    r.mode = options.mode == Mode::Perf ? "perf" : "conformance";
    r.seed = options.seed;
    if (options.build.threads > 0)
        build_ahead(session, selection, options, options.build.threads, hooks);
    r.results.resize(selection.size());
    for (size_t i = 0; i < selection.size(); ++i)
        r.results[i].benchmark = selection[i];
    EachMeasured loop;
    loop.count = selection.size();
    loop.name = [&](size_t i) { return selection[i]->id; };
    loop.measure = [&](size_t i) {
        const Benchmark& b = *selection[i];
        Measurement& m = r.results[i].measurement;
        if (std::optional<Measurement> earlier = hooks.earlier ? hooks.earlier(b) : std::nullopt) {
            m = std::move(*earlier);
            return Status::Ok; // measured by an earlier process of the run, which did not hang
        }
        if (hooks.starting) hooks.starting(b);
        m = run_benchmark(session, b, options);
        if (hooks.finished) hooks.finished(b, m);
        return m.status;
    };
    loop.not_run = [&](size_t i) {
        Measurement& m = r.results[i].measurement;
        if (std::optional<Measurement> earlier =
                hooks.earlier ? hooks.earlier(*selection[i]) : std::nullopt) {
            m = std::move(*earlier);
            return;
        }
        m.status = Status::Error;
        m.reason = kNotRunAfterHang;
    };
    (void)measure_each(loop, progress);
    return r;
}

} // namespace clgauge
