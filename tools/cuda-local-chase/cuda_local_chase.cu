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

uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

struct Walk {
    double cycles = 0, seconds = 0;
};

template <bool kOffsets> void measure(const std::vector<unsigned>& host, const unsigned* next) {
    unsigned long long* state = nullptr;
    CHECK(cudaMalloc(&state, 16));
    CHECK(cudaMemset(state, 0, 16));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    unsigned at = 0; // the host's walk
    auto walk = [&](unsigned steps) {
        CHECK(cudaEventRecord(e0));
        local_chase<kOffsets><<<1, 1>>>(next, state, steps);
        CHECK(cudaEventRecord(e1));
        CHECK(cudaEventSynchronize(e1));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, e0, e1));
        unsigned long long st[2];
        CHECK(cudaMemcpy(st, state, 16, cudaMemcpyDeviceToHost));
        for (unsigned i = 0; i < steps; ++i)
            at = host[at];
        if (st[0] != at) {
            std::fprintf(stderr, "the walk is at %llu, the host's at %u\n", st[0], at);
            std::exit(1);
        }
        return Walk{double(st[1]), ms * 1e-3};
    };
    walk(kWords);
    const unsigned n = 1u << 19;
    double cyc = 1e30, sec = 1e30;
    for (int r = 0; r < 5; ++r) { // the fastest of five pairs
        const Walk a = walk(n), c = walk(2 * n);
        cyc = std::min(cyc, (c.cycles - a.cycles) / n);
        sec = std::min(sec, (c.seconds - a.seconds) / n);
    }
    std::printf("%-8s %12.2f %10.2f %10.0f\n", kOffsets ? "offsets" : "indices", cyc, sec * 1e9,
                cyc / (sec * 1e9) * 1e3);
    CHECK(cudaFree(state));
}

int main() {
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::vector<unsigned> host(kWords);
    for (unsigned i = 0; i < kWords; ++i)
        host[i] = i;
    uint64_t seed = 12345;
    for (unsigned i = kWords - 1; i > 0; --i) // Sattolo: one cycle through every word
        std::swap(host[i], host[splitmix(seed) % i]);
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
