#include "run/run_all.hpp"

#include "run/runner.hpp"

#include <stdexcept>

namespace clgauge {

void build_ahead(Session& session, const std::vector<const Benchmark*>& selection,
                 const RunOptions& options, unsigned threads, const RunHooks& hooks,
                 const BuildProgress& progress) {
    PhaseScope building(Phase::Build);
    session.programs.identify_code(options.identify_code);
    for (const Benchmark* b : selection) {
        const PathChoice choice = choose_path(*b, session.caps, options.forced_path);
        if (!choice.path || (hooks.earlier && hooks.earlier(*b))) continue;
        session.programs.discover([&] { (void)b->run(session, *b, *choice.path, options); });
    }
    session.programs.build_discovered(threads, progress);
}

DeviceReport run_all(Session& session, const std::vector<const Benchmark*>& selection,
                     const RunOptions& options, const Progress& progress, const RunHooks& hooks) {
    DeviceReport r;
    r.device_index = session.entry.index;
    r.facts = session.facts();
    r.caps = session.caps;
    r.cores = session.cores;
    r.mode = options.mode == Mode::Perf ? "perf" : "conformance";
    r.seed = options.seed;
    if (options.build_threads > 0)
        build_ahead(session, selection, options, options.build_threads, hooks);
    bool hung = false;
    r.results.resize(selection.size());
    // False where the entry was put off: a build worker is still compiling a program it asks
    // for (BuildPending), and it is measured after the others.
    auto run_one = [&](size_t i) {
        const Benchmark& b = *selection[i];
        BenchmarkResult& res = r.results[i];
        res.benchmark = &b;
        std::optional<Measurement> earlier = hooks.earlier ? hooks.earlier(b) : std::nullopt;
        if (earlier) {
            res.measurement = std::move(*earlier);
        } else if (hung) {
            res.measurement.status = Status::Error;
            res.measurement.reason = "not run: an earlier kernel hung the device";
        } else {
            if (hooks.starting) hooks.starting(b);
            try {
                res.measurement = run_benchmark(session, b, options);
            } catch (const BuildPending&) {
                return false;
            }
            hung = res.measurement.status == Status::Timeout;
            if (hooks.finished) hooks.finished(b, res.measurement);
        }
        return true;
    };
    std::vector<size_t> put_off;
    for (size_t i = 0; i < selection.size(); ++i) {
        if (progress) progress(i, selection.size(), *selection[i]);
        if (!run_one(i)) put_off.push_back(i);
    }
    // Each program is put off once (process/build_pool.hpp): the second time, it is waited for.
    while (!put_off.empty()) {
        std::vector<size_t> again;
        for (size_t i : put_off)
            if (!run_one(i)) again.push_back(i);
        put_off = std::move(again);
    }
    return r;
}

} // namespace clgauge
