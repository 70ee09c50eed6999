// How a benchmark is to be run: the only way a setting reaches a harness, and the settings
// the environment gives a run (run_options_from_env).
#pragma once
#include "types/budget.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace clgauge {

enum class Mode {
    Conformance, // a small launch, every output checked
    Perf,        // a calibrated launch, timed; a deterministic sample of outputs checked
};

// Overrides of a tunable memory entry's launch (CLGAUGE_MEM_TUNE="vec=8,unroll=4,wgs=8,
// local=256,tile=16", any subset); tile 0 means the grid-stride loop ("tile=grid"). The cache
// and chain (compute) harnesses also take local and wgs, the group harness (atomics,
// barriers) wgs; the cache harness `covers`, the window's reads per launch (no calibration);
// the chain harness `unroll` (its CLG_STEPS).
struct MemTune {
    std::optional<unsigned> vec, unroll, wgs, tile, covers;
    std::optional<size_t> local;
};

// What a sweep's point or the environment pins of a launch, instead of the harness's own
// choice (perf mode; harnesses that honor them say so).
struct LaunchOverrides {
    // The number of work-items, and the work per item (chain repeats).
    std::optional<size_t> global_size;
    std::optional<uint32_t> repeats;
    // For the memory harness: the bytes of each array, and the stride of the strided entries
    // (CLGAUGE_MEM_MIB / CLGAUGE_MEM_STRIDE, or a sweep's point).
    std::optional<size_t> array_bytes;
    std::optional<unsigned> stride;
    // The cache harness's working set (the cache sweep's point); unset: the entry's own size.
    std::optional<size_t> working_set_bytes;
    MemTune mem_tune; // CLGAUGE_MEM_TUNE: launch shape of the tunable memory entries
    // The bytes of one transfer (CLGAUGE_XFER_MIB); unset: the harness's own choice.
    std::optional<size_t> transfer_bytes;
};

// Test-only hooks that plant a fault, to prove a check catches it.
struct TestHooks {
    // Rewrites the kernel source before it is built.
    std::function<std::string(std::string)> mutate_source;
    // CLGAUGE_TEST_SLOWDOWN: the kernel does this many times the work it counts, to prove the
    // perf verdict catches a regression.
    unsigned slowdown = 1;
};

// How a run's programs are built.
struct BuildPolicy {
    // Programs built ahead of a run, this many at a time (0: each when its benchmark asks).
    unsigned threads = 0;
    // Each program's compiled code identified (its fingerprint and resources, from the
    // driver's binaries) for the reports and checks that carry it. A CPU driver may compile
    // every kernel of a program once more to give its binaries (PoCL), so a run that reports
    // no code skips it.
    bool identify_code = true;
    // Worker processes building a table run's programs before it measures
    // (process/build_workers.hpp); unset: one per build thread, at most four, on a GPU, none
    // elsewhere.
    std::optional<unsigned> workers;
};

struct RunOptions {
    Mode mode = Mode::Perf;
    // The implementation path every benchmark must take (clgauge --path); unset: the first
    // path whose needs the device meets.
    std::optional<std::string> forced_path;
    Budget budget;
    uint32_t seed = 0x5eed2026u;
    double timeout_s = 60.0;
    // Conformance launches of a few work-groups, for a simulator that interprets and checks
    // every instruction (Oclgrind): each harness keeps the code paths its normal conformance
    // launch reaches (several work-groups, a grid loop's remainder, a special tile).
    bool small_launch = false;
    LaunchOverrides launch;
    TestHooks test;
    BuildPolicy build;
};

// The settings of a run from the environment: the clgauge program and the tests start from
// these, and the harnesses see them only through RunOptions.

// The default budget is types/budget.hpp's kDefaultBudgetMs (Budget's own default).
// The budgets CLGAUGE_BUDGET_MS and --budget-ms accept: ten minutes a benchmark at most.
constexpr long kMinBudgetMs = 1, kMaxBudgetMs = 600000;

// CLGAUGE_BUDGET_MS (measured time per benchmark), CLGAUGE_TEST_SLOWDOWN (test-only),
// CLGAUGE_MEM_MIB, CLGAUGE_MEM_STRIDE, CLGAUGE_MEM_TUNE, CLGAUGE_XFER_MIB,
// CLGAUGE_BUILD_THREADS (programs built ahead at a time; default 0, none),
// CLGAUGE_BUILD_WORKERS (build worker processes of a table run). A bad value throws
// std::invalid_argument naming the variable.
RunOptions run_options_from_env(Mode mode);
// The build threads of a run that builds ahead: CLGAUGE_BUILD_THREADS where set, else one per
// core (at most 16).
unsigned build_threads_per_core();

// CLGAUGE_MEM_TUNE's text ("vec=8,unroll=4,tile=grid"); std::invalid_argument naming the item.
MemTune parse_mem_tune(const std::string& text);

} // namespace clgauge
