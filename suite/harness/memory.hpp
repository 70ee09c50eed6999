// Harness for device-memory bandwidth (the memory, block and stream families): kernels that
// stream arrays filled with non-compressible data and either reduce what they read to one
// checksum word per work-item or store a known word per element. Bandwidth = (bytes read +
// bytes written) / device time.
#pragma once
#include "harness/adapter.hpp"
#include "measure/verify.hpp"
#include "reference/memory.hpp"
#include "types/benchmark.hpp"

#include <cstdint>

namespace clgauge {

// Expected output word `index` (a work-item's checksum, or an element word) of a launch.
using MemReference = uint64_t (*)(const ref::MemLaunch& launch, size_t index);

enum class MemGeometry {
    PerUnit,  // one unit per work-item
    PerBlock, // `param` consecutive units per work-item
    Grid,     // grid-stride loops over compute units x wgs_per_cu work-groups, or with
              // `tile` set, a tile of tile x local units per work-group (-DCLG_TILE)
};

// Kernel contract: kernel void NAME(global out, global const a, global const b,
// global const c, uint n, uint param, uint seed) over n units of `vec` words; the inputs hold
// streams 0, 1, 2 of kernels/include/clgauge_memory.h (filled on the device, recomputed by
// the CPU) by the header's clg_fill_* kernels: the kernel file's own, on a CPU device
// kernels/transfer.cl's.
struct MemSpec {
    EntryHeader entry; // unit B/s
    std::string source, kernel, options;
    WordKind kind = WordKind::U32;  // the arrays' word: U32, F32 or F64
    unsigned inputs = 0;            // how many of a, b, c the kernel reads
    unsigned loads = 0, stores = 0; // array accesses per unit (the stream table)
    bool reduces = false;           // out: one checksum word per work-item, not n units
    MemGeometry geometry = MemGeometry::PerUnit;
    unsigned vec = 1, unroll = 1, wgs_per_cu = 8;
    unsigned tile = 0; // Grid only: >0 tiles instead of the grid-stride loop
    size_t local = 256;
    unsigned param = 0;
    bool whole_groups = false; // n must be a multiple of the work-group size (block I/O)
    bool subgroup_std = false; // the khr path needs the device's -cl-std for sub-groups
    bool tunable = false; // RunOptions::launch.mem_tune may override vec, unroll, wgs, local, tile
    bool stride_ratio = false; // also time param = 1 and report the ratio to it
    bool vector_sweep = false; // time vec 1..16; the figure is the device's preferred width
    MemReference reference = nullptr;
};

Benchmark memory_benchmark(MemSpec spec);

// The options a memory kernel (and its fill kernels) is built with on `path` in a run with
// `opts`, where a sub-group path asks for the device's OpenCL C with `cl_std` (the offline ISA
// checks build the same).
std::string memory_build_options(const MemSpec& spec, const ImplPath& path, const RunOptions& opts,
                                 const std::string& cl_std);

// Bytes of one array in a perf run: on a GPU far past the last-level cache and, where the
// theoretical bandwidth is known, 2.5 ms of it per pass; 25.6 MiB on a CPU device; within
// the allocation limits for `arrays` arrays. The time budget does not change it.
// RunOptions::launch.array_bytes overrides the size (CLGAUGE_MEM_MIB; the sweep over sizes).
size_t memory_array_bytes(const Session& s, const RunOptions& opts, unsigned arrays);

} // namespace clgauge
