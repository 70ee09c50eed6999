#include "run/run_all.hpp"

#include "run/runner.hpp"

#include <numeric>
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

void measure_putting_off(size_t n, const std::function<void(size_t)>& measure,
                         const std::function<bool()>& stop) {
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    // Each program puts an entry off once (process/build_pool.hpp): the second time, it is
    // waited for, so every pass measures something.
    while (!order.empty()) {
        std::vector<size_t> put_off;
        for (size_t i : order) {
            if (stop && stop()) return;
            try {
                measure(i);
            } catch (const BuildPending&) {
                put_off.push_back(i);
            }
        }
        order = std::move(put_off);
    }
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
    measure_putting_off(selection.size(), [&](size_t i) {
        const Benchmark& b = *selection[i];
        if (progress) progress(i, selection.size(), b);
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
            res.measurement = run_benchmark(session, b, options);
            hung = res.measurement.status == Status::Timeout;
            if (hooks.finished) hooks.finished(b, res.measurement);
        }
    });
    return r;
}

} // namespace clgauge
