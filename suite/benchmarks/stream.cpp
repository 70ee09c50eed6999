// stream.<pattern>.f32 / .f64: the stream sweep's table plus BabelStream's copy and add
// (kernels/stream.cl, reference/stream.hpp, harness suite/harness/memory.hpp). Bytes per
// element: init 1 store, read 1 load, copy and scale 1 load + 1 store, add 2 + 1, triad 3 + 1.
#include "reference/stream.hpp"
#include "harness/memory.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

namespace {
struct Pattern {
    const char* name;
    unsigned inputs, loads, stores;
    bool reduces;
    MemReference f32, f64;
    const char* description;
};
} // namespace

std::vector<Benchmark> stream() {
    using namespace ref;
    const Pattern patterns[] = {
        {"init", 0, 0, 1, false, stream_init<float>, stream_init<double>, "A[i] = s * i"},
        {"read", 1, 1, 0, true, stream_read<float>, stream_read<double>,
         "sum += A[i], one sum per work-item"},
        {"copy", 1, 1, 1, false, stream_copy<float>, stream_copy<double>, "C[i] = A[i]"},
        {"scale", 1, 1, 1, false, stream_scale<float>, stream_scale<double>, "C[i] = s * A[i]"},
        {"add", 2, 2, 1, false, stream_add<float>, stream_add<double>, "C[i] = A[i] + B[i]"},
        {"triad", 3, 3, 1, false, stream_triad<float>, stream_triad<double>,
         "D[i] = A[i] + B[i] * C[i] (fma)"},
    };
    std::vector<Benchmark> v;
    for (const bool f64 : {false, true}) {
        for (const Pattern& p : patterns) {
            MemSpec s;
            s.entry.id = std::string("stream.") + p.name + (f64 ? ".f64" : ".f32");
            s.entry.family = "stream";
            s.entry.label = f64 ? "Stream f64" : "Stream f32";
            s.entry.description = std::string(p.description) + (f64 ? ", double" : ", float");
            s.entry.paths = {
                {"native", f64 ? std::vector<Need>{Need::Fp64} : std::vector<Need>{}, ""}};
            s.source = "stream.cl";
            s.kernel = std::string("stream_") + p.name;
            s.kind = f64 ? WordKind::F64 : WordKind::F32;
            s.inputs = p.inputs;
            s.loads = p.loads;
            s.stores = p.stores;
            s.reduces = p.reduces;
            s.geometry = p.reduces ? MemGeometry::Grid : MemGeometry::PerUnit;
            // 16-byte units (kernels/stream.cl): one 4-byte element per load leaves a GPU
            // short of its bandwidth where float4 loads reach what a CUDA read kernel reads
            // (tools/cuda-read-bw, baselines/nvidia/NOTES.md).
            s.vec = f64 ? 2 : 4;
            if (p.reduces) {
                // Four loads in flight per work-item and 16 work-groups of 256 per compute
                // unit keep a GPU's DRAM busy where one load each left it idle
                // (baselines/nvidia/NOTES.md).
                s.unroll = 4;
                s.wgs_per_cu = 16;
                s.tunable = true; // scripts/tune-memory, CLGAUGE_MEM_TUNE unroll= and wgs=
            }
            s.reference = f64 ? p.f64 : p.f32;
            v.push_back(memory_benchmark(s));
        }
    }
    return v;
}

// Registry order 110: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(110, stream);

} // namespace clgauge::families
