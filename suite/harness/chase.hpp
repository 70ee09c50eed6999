// Harness for the pointer chase (latency.chase): one work-item follows a random cyclic
// permutation of cache lines, so each load waits for the one before. The figure is the time of
// one load (Unit::Seconds, lower is better), from the difference of launches of N and 2N steps
// (which cancels the launch overhead and any first lap), also given in clock cycles.
#pragma once
#include "harness/adapter.hpp"

#include <cstddef>

namespace clgauge {

// Kernel contract (kernels/chase.cl): kernel void NAME(global const uint* next, global uint*
// state, uint steps) reads its start from state[0], follows next[] `steps` times and leaves the
// index it reached in state[0]. The working set is RunOptions::launch.array_bytes (the chase
// sweep's point, CLGAUGE_MEM_MIB), else `gpu_bytes` on a GPU and `cpu_bytes` elsewhere, and
// `conformance_bytes` in a conformance run.
struct ChaseSpec {
    EntryHeader entry; // family "chase", unit s, one native path
    std::string source = "chase.cl", kernel = "chase";
    size_t gpu_bytes = size_t(256) << 20; // far past the largest L2 of the table: DRAM
    size_t cpu_bytes = size_t(64) << 20;
    size_t conformance_bytes = 64 * 1024;
    // The kernel walks a copy in local memory (kernels/local_chase.cl): its size is a build
    // option (CLG_LOCAL_CHASE_WORDS), it is held to the device's local memory, and
    // array_bytes, a global working set, does not apply.
    bool in_local = false;
};

Benchmark chase_benchmark(ChaseSpec spec);

// The stride of the chase: CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE (128 B on NVIDIA), 64 B where
// the device reports none.
size_t chase_line_bytes(const Session& s);

} // namespace clgauge
