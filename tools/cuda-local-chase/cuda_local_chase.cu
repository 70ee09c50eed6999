// The shared-memory (OpenCL local memory) chase latency a plain CUDA kernel measures on this
// GPU: the yardstick that local.latency is held against (docs/results.md). Built only where
// nvcc is found (tools/cuda-local-chase/build); clgauge itself never needs CUDA.
//
//   cuda_local_chase
//
// One thread copies a random single cycle (Sattolo) over the 32-bit words of 16 KiB into
// shared memory and walks it, in two forms: "offsets" stores byte offsets and loads at
// base + offset (local.latency's walk, kernels/local_chase.cl: no arithmetic between loads);
// "indices" stores word indices and loads s[i] (a shift between loads, as a kernel written the
// plain way compiles). Each prints cycles per load from clock64 (the SM's own clock) and ns per
// load from CUDA events, each the difference of walks of N and 2N steps, so the launch's fixed
// cost and the copy drop out, and the SM clock they imply. The index each walk reached is
// compared with the host's walk (exit 1 where it differs).
#include "../common/cuda_check.h"
#include "../common/walk.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr unsigned kWords = 4096; // 16 KiB

// state[0]: the word index the walk is at; state[1]: clock64 cycles of the walk itself.
template <bool kOffsets>
__global__ void local_chase(const unsigned* __restrict__ next, unsigned long long* state,
                            unsigned steps) {
    __shared__ unsigned s[kWords];
    for (unsigned k = 0; k < kWords; ++k)
        s[k] = kOffsets ? next[k] * 4u : next[k];
    __syncthreads();
    const char* base = reinterpret_cast<const char*>(s);
    unsigned at = kOffsets ? unsigned(state[0]) * 4u : unsigned(state[0]);
    const long long t0 = clock64();
#pragma unroll 16
    for (unsigned i = 0; i < steps; ++i)
        at = kOffsets ? *reinterpret_cast<const unsigned*>(base + at) : s[at];
    const long long t1 = clock64();
    state[0] = kOffsets ? at / 4u : at;
    state[1] = (unsigned long long)(t1 - t0);
}

template <bool kOffsets> void measure(const std::vector<unsigned>& host, const unsigned* next) {
    WalkTimer timer;
    unsigned at = 0; // the host's walk
    auto walk = [&](unsigned steps) {
        const Walk w = timer([&] { local_chase<kOffsets><<<1, 1>>>(next, timer.state(), steps); });
        for (unsigned i = 0; i < steps; ++i)
            at = host[at];
        if (w.at != at) {
            std::fprintf(stderr, "the walk is at %llu, the host's at %u\n", w.at, at);
            std::exit(1);
        }
        return w;
    };
    walk(kWords);
    const unsigned n = 1u << 19;
    const PerLoad best = fastest_pair(walk, n, 5);
    std::printf("%-8s %12.2f %10.2f %10.0f\n", kOffsets ? "offsets" : "indices", best.cycles,
                best.seconds * 1e9, best.cycles / (best.seconds * 1e9) * 1e3);
}

int main() {
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    const std::vector<unsigned> host = random_cycle(kWords); // one cycle through every word
    unsigned* next = nullptr;
    CHECK(cudaMalloc(&next, kWords * 4));
    CHECK(cudaMemcpy(next, host.data(), kWords * 4, cudaMemcpyHostToDevice));
    std::printf("%s, 16 KiB of shared memory, one thread\n", prop.name);
    std::printf("%-8s %12s %10s %10s\n", "form", "cycles/load", "ns/load", "clock MHz");
    measure<true>(host, next);
    measure<false>(host, next);
    CHECK(cudaFree(next));
    return 0;
}
