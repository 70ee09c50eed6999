// Harness for cache-resident read bandwidth (the cache family): every work-group reads one
// window (the working set) of float4 elements again and again, each work-item summing what it
// read; the bandwidth counts the bytes the loads request. Which cache serves them follows
// from the window's size: the entries size it from the device's cache facts, the cache sweep
// sets it through RunOptions::working_set_bytes.
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
    // The launch; RunOptions::mem_tune's `local` and `wgs` override them (CLGAUGE_MEM_TUNE).
    size_t local = 1024;        // work-items per group (at most what the kernel allows)
    unsigned groups_per_cu = 4; // perf launches: whole waves on a GPU
};

Benchmark cache_benchmark(CacheSpec spec);

// The window a request of `bytes` reads: whole 4 KiB chunks (32 work-items x 8 rows of
// float4), at least one.
size_t cache_window_bytes(size_t bytes);

} // namespace clgauge
