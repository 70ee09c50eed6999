// Harness for matrix multiply-accumulate throughput (the mma family): each sub-group or warp
// builds its tiles in registers, runs a dependent chain of MMAs and stores the accumulators,
// which reference/mma.hpp reproduces (bit-exact for integers and for the exact float tiles,
// within a derived bound for the float tiles with special values).
#pragma once
#include "harness/adapter.hpp"
#include "reference/mma.hpp"
#include "types/benchmark.hpp"

namespace clgauge {

// How one path lays out the work. Kernel contract (kernels/mma.cl):
// kernel void mma(global uint* out, uint seed, uint repeats[, global ulong* clock]); a group of
// `group_items` consecutive work-items owns `tiles_per_group` tiles and stores M x N words per tile
// after 2 * repeats * CLG_STEPS + 1 MMAs each.
struct MmaShape {
    ref::mma::Shape tile;         // M, N, K of one counted MMA
    unsigned group_items = 32;    // work-items per sub-group / warp
    unsigned tiles_per_group = 1; // independent accumulators (hide the MMA latency)
    unsigned steps = 4;           // CLG_STEPS: unrolled MMA pairs per repeat
    unsigned local_size = 256;    // work-group size (a multiple of group_items)
    // Perf launches: work-groups per compute unit, a multiple of 1, 2, 4 and 8 or of 1, 2 and 4,
    // so that whole waves fill the device for those residencies (a partial last wave costs a
    // few percent at peak). Fewer make a launch shorter, so that a longer chain fits the
    // budget's bound; more keep more warps in flight.
    unsigned perf_wgs_per_cu = 8;
    std::string instruction; // what one counted MMA is on this path, for the report
};

struct MmaPath {
    ImplPath path;
    MmaShape shape;
    // The kernel also gathers the SM clock its chains ran at (-DCLG_SM_CLOCK, inline PTX): the
    // figure's reference (Measurement::reference_rate), which the gate divides by, since a GPU
    // that warms through a run clocks down by percents.
    bool sm_clock = false;
};

struct MmaSpec {
    EntryHeader entry; // family "mma"; the paths are those of `paths` below
    ref::mma::Format format = ref::mma::Format::F16;
    std::vector<MmaPath> paths; // best first
    std::string options;        // common build options (the format define)
};

Benchmark mma_benchmark(MmaSpec spec);

// MMA pairs unrolled per repeat (CLG_STEPS) in a run with `opts`: one in a small launch.
unsigned mma_unrolled_pairs(const MmaShape& shape, const RunOptions& opts);

// The options mma.cl is built with on path `mp` in a run with `opts` (the offline ISA checks
// build the same).
std::string mma_build_options(const MmaSpec& spec, const MmaPath& mp, const RunOptions& opts);

} // namespace clgauge
