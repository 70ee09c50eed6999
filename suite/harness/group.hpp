// Harness for kernels whose result is a whole launch at a pinned work-group size (atomics,
// barriers): counters many work-items update, or values work-items exchange in local memory.
// The output buffer is set to known words before every launch (a device-side copy), and a CPU model
// that knows the launch's shape judges the words the last launch left.
#pragma once
#include "harness/adapter.hpp"
#include "measure/verify.hpp"
#include "types/benchmark.hpp"

#include <cstdint>
#include <vector>

namespace clgauge {

// Work-groups per compute unit of a perf launch, where an entry sets none.
constexpr unsigned kGroupsPerCu = 16;

// What the kernel and its CPU model both see of one launch.
struct GroupLaunch {
    uint32_t seed = 0;
    size_t global = 0, local = 0; // work-items, work-group size
    uint64_t steps = 0;           // steps per work-item: repeats x CLG_STEPS
    size_t groups() const { return local ? global / local : 0; }
};

// How many output words a launch has.
using GroupWords = size_t (*)(const GroupLaunch& launch);
// The word `index` holds before every launch (the host writes them).
using GroupInit = uint64_t (*)(uint32_t seed, size_t index);
// Judges the output words of one launch; `perf`: the check may sample (keep it cheap).
using GroupCheck = Verification (*)(const GroupLaunch& launch, const std::vector<uint64_t>& out,
                                    bool perf);

// The most steps per work-item that `global` work-items in groups of `local` may take.
using GroupMaxSteps = uint64_t (*)(size_t global, size_t local);

// Kernel contract: kernel void NAME(global W* out, uint seed, uint repeats), built with
// -DCLG_STEPS=<steps> (unrolled steps per repeat) and -DCLG_LOCAL=<work-group size>, launched
// with that work-group size; out holds out_words(launch) words of word_bytes, each set to
// init(seed, i) before the launch.
struct GroupSpec {
    EntryHeader entry;
    std::string source, kernel, options;
    bool opencl_c_2 = false;               // built with the device's -cl-std=CL2.0 or CL3.0
    unsigned steps = 16;                   // CLG_STEPS
    size_t local = 256;                    // the work-group size; 0: the largest the kernel allows
    unsigned groups_per_cu = kGroupsPerCu; // perf launch: work-groups per compute unit
    // Perf launch: this many work-groups on any device instead (0: groups_per_cu per compute
    // unit), for a figure that depends on how many work-items contend and whose smallest
    // launch over the whole device would not fit the budget.
    size_t perf_groups = 0;
    double ops_per_step = 1; // counted operations per work-item per step
    size_t word_bytes = 4;
    GroupWords out_words = nullptr;
    GroupInit init = nullptr;
    GroupCheck check = nullptr;
    // Perf: the most steps per work-item a launch of this shape may take (nullptr: no
    // limit), where exact float sums or ticket buffers need a bound; fewer work-groups are
    // launched when even CLG_STEPS is too many.
    GroupMaxSteps max_steps = nullptr;
    // Unit::Seconds entries: the figure is the device time of one operation of one
    // work-item (time / (steps x ops_per_step)), e.g. one barrier.
    bool time_per_op = false;
};

Benchmark group_benchmark(GroupSpec spec);

// A CPU device's unrolled steps at most. A step is a barrier or an atomic: a CPU driver makes
// every barrier the end of a loop over the work-group's items (PoCL compiles each region
// between barriers at a kernel's first launch), and beside either the repeat loop's branch
// costs next to nothing.
inline constexpr unsigned kCpuGroupSteps = 4;

// CLG_STEPS on a CPU device or not: the spec's, at most kCpuGroupSteps on a CPU.
unsigned group_unrolled_steps(const GroupSpec& spec, bool cpu_device);

// The options a group kernel is built with on `path` for work-groups of `local` items on a CPU
// device or not, where the device's OpenCL C 2.0 or later is asked for with `cl_std` (the
// offline ISA checks build a GPU's).
std::string group_build_options(const GroupSpec& spec, const ImplPath& path,
                                const std::string& cl_std, size_t local, bool cpu_device);

} // namespace clgauge
