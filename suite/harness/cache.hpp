// Harness for cache-resident read bandwidth (the cache family): every work-group reads one
// window (the working set) of float4 elements again and again, each work-item summing what it
// read; the bandwidth counts the bytes the loads request. Which cache serves them follows
// from the window's size: the entries size it from the device's cache facts, the cache sweep
// sets it through RunOptions::launch.working_set_bytes.
#pragma once
#include "core/cache_size.hpp"
#include "harness/adapter.hpp"
#include "types/benchmark.hpp"

#include <cstddef>

namespace clgauge {

// Kernel contract (kernels/cache.cl): cache_read(global float4* out, global const float4* data,
// uint n, uint jump, uint phase, uint repeats) stores four float sums per work-item, which
// reference/cache.hpp recomputes; cache_fill(global float4* p, uint n, uint seed) writes the
// window.
struct CacheSpec {
    EntryHeader entry; // unit B/s
    // The working set on this device and how it was chosen, where RunOptions gives none.
    CacheSize (*working_set)(const DeviceFacts& f) = nullptr;
    // The launch; RunOptions::launch.mem_tune's `local` and `wgs` override them (CLGAUGE_MEM_TUNE).
    size_t local = 1024;        // work-items per group (at most what the kernel allows)
    unsigned groups_per_cu = 4; // perf launches: at most this many (cache_perf_groups)
};

Benchmark cache_benchmark(CacheSpec spec);

// Work-groups of a perf launch: as many as the window holds whole spans (`slots` chunks a
// group) for, at least one and at most `groups_per_cu` per compute unit. Groups whose spans
// overlap read the same chunks in the same step, and those co-reads do not all come from the
// cache being measured: more spans per window chunk read faster than the cache can deliver
// (baselines/nvidia/NOTES.md).
size_t cache_perf_groups(size_t window_chunks, size_t slots, size_t compute_units,
                         unsigned groups_per_cu);

// How far apart (in chunks) the groups of a launch start: an equal share of the window, so
// that a chunk is read again only after about the whole window has been read.
size_t cache_phase_chunks(size_t window_chunks, size_t groups);

// The window a request of `bytes` reads: whole 4 KiB chunks (32 work-items x 8 rows of
// float4), at least one.
size_t cache_window_bytes(size_t bytes);

} // namespace clgauge
