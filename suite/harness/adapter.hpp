// The one adapter from a harness's spec to a registry entry. A Spec begins with
// `EntryHeader entry;`; the harness's run function takes the spec and one path.
#pragma once
#include "types/benchmark.hpp"

#include <any>

namespace clgauge {

template <class Spec>
using HarnessRun = Measurement (*)(const Spec& spec, Session& s, const ImplPath& path,
                                   const RunOptions& opts);

// The entry: spec.entry's header, the spec kept in Benchmark::spec, and `run` applied to it.
template <class Spec> Benchmark make_benchmark(Spec spec, HarnessRun<Spec> run) {
    Benchmark b;
    static_cast<EntryHeader&>(b) = spec.entry;
    b.spec = std::move(spec);
    b.run = [run](Session& s, const Benchmark& self, const ImplPath& path, const RunOptions& opts) {
        return run(std::any_cast<const Spec&>(self.spec), s, path, opts);
    };
    return b;
}

// For a harness that fixes its entries' family and unit; an entry without paths gets one
// "native" path.
template <class Spec>
Benchmark make_benchmark(Spec spec, HarnessRun<Spec> run, const char* family, Unit unit) {
    spec.entry.family = family;
    spec.entry.unit = unit;
    if (spec.entry.paths.empty()) spec.entry.paths = {{"native", {}, ""}};
    return make_benchmark(std::move(spec), run);
}

// The spec `b` was made from; std::bad_any_cast when another harness made it.
template <class Spec> const Spec& spec_of(const Benchmark& b) {
    return std::any_cast<const Spec&>(b.spec);
}

} // namespace clgauge
