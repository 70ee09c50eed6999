// Harness for compute-throughput chains (fma, mad and the integer families): each work-item
// runs a private dependent chain and stores a fixed number of words that a CPU model
// reproduces bit for bit.
#pragma once
#include "core/memory_peak.hpp"
#include "harness/adapter.hpp"
#include "measure/verify.hpp"
#include "types/benchmark.hpp"

#include <cstdint>
#include <functional>

namespace clgauge {

// Computes the words work-item `gid` stores after `steps` chain steps in total.
using ChainReference =
    std::function<void(uint32_t seed, uint32_t gid, uint64_t steps, uint64_t* out)>;
// Word `index` of the optional read-only input buffer.
using ChainInput = uint32_t (*)(uint32_t seed, uint32_t index);
// A second, independent judgement of the words an item stored (a congruence, a naive model):
// true when they pass.
using ChainCrossCheck = bool (*)(uint32_t seed, uint32_t gid, uint64_t steps, const uint64_t* got);

// Unrolled chain steps per repeat (CLG_STEPS) unless an entry sets its own.
inline constexpr unsigned kChainSteps = 512;

// Kernel contract: kernel void NAME(global W* out, uint seed, uint repeats) stores
// words_per_item words of word_bytes each at out[gid * words_per_item ...], after
// repeats * CLG_STEPS steps. With `input` set, a 4th argument `global const uint* in` holds
// input_words words, in[i] = input(seed, i), for kernels fed from memory. Honors
// RunOptions::launch.global_size and ::repeats (perf mode): a pinned launch is timed as it is,
// without calibration; and mem_tune's local, wgs (work-groups per compute unit) and unroll.
struct ChainSpec {
    EntryHeader entry;
    std::string source, kernel;
    std::string options;          // build options common to all paths
    unsigned steps = kChainSteps; // unrolled steps per repeat (CLG_STEPS)
    // The CPU model follows the unroll (mod.proth's input offset moves every repeat of
    // `steps`): CPU devices unroll `steps` too.
    bool reference_follows_unroll = false;
    double ops_per_step = 0; // counted operations per step per work-item, all lanes
    WordKind kind = WordKind::U32;
    size_t word_bytes = 4, words_per_item = 2;
    ChainReference reference = nullptr;
    ChainInput input = nullptr;
    size_t input_words = 0;
    ChainCrossCheck cross_check = nullptr; // applied besides the bit-exact reference
    std::string cross_check_name;          // what it checks, for the failure message
    // The figure's theoretical peak on a device (B/s entries: the local memory's), for the
    // details "peak_Bps", "peak_basis" and "share"; none when unset or nullopt.
    std::optional<MemoryPeak> (*peak)(const DeviceFacts&) = nullptr;
};

Benchmark chain_benchmark(ChainSpec spec);

// A CPU device's unrolled steps at most: a CPU compiler's time grows faster than the unrolled
// body (PoCL compiles every kernel at its first launch, and a few deep chains took most of a
// cold table's time: docs/run-time.md), while beside this many dependent steps a CPU core's
// loop branch costs next to nothing.
inline constexpr unsigned kCpuChainSteps = 16;

// Chain steps unrolled per repeat (CLG_STEPS) in a run with `opts` on a CPU device or not: the
// spec's (at most kCpuChainSteps on a CPU, unless its reference follows the unroll), or mem_tune's
// unroll where it probes another.
unsigned chain_unrolled_steps(const ChainSpec& spec, const RunOptions& opts, bool cpu_device);

// The options a chain kernel is built with on `path` in a run with `opts` on a CPU device or
// not (the offline ISA checks build the GPU's).
std::string chain_build_options(const ChainSpec& spec, const ImplPath& path, const RunOptions& opts,
                                bool cpu_device);

// One row of a family whose entries differ only in these: entry <name>.<family> runs kernel
// <name>_<family> of kernels/<family>.cl.
struct ChainRow {
    const char* name;
    const char* label;
    const std::vector<ImplPath>& paths;
    double ops_per_step;
    WordKind kind;
    size_t word_bytes, words_per_item;
    ChainReference reference;
    const char* description;
    unsigned steps = kChainSteps; // CLG_STEPS
};
std::vector<Benchmark> chain_family(const std::string& family, Unit unit,
                                    const std::vector<ChainRow>& rows);

} // namespace clgauge
