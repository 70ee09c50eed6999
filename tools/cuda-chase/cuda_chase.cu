// The pointer-chase latency a plain CUDA kernel measures on this GPU, for the working sets
// of clgauge's `chase` sweep: the yardstick that latency.chase is held against
// (docs/results.md). Built only where nvcc is found (tools/cuda-chase/build); clgauge itself
// never needs CUDA.
//
//   cuda_chase [order] [alloc] [stride bytes] [largest MiB]
//
// order  lines:  a random single cycle (Sattolo) over 128-byte lines, a 32-bit word index in
//                each line's first word: clgauge's latency.chase (reference/chase.hpp)
//        words:  a random single cycle over all 8-byte words of the working set
//        stride: word i points to word i + stride (mod the working set): a fixed-stride walk
// alloc  device (cudaMalloc, the default) or managed (cudaMallocManaged, prefetched to the
//        GPU): the page size a walk crosses differs.
//
// One thread walks; per working set (4 KiB to 1 GiB or the largest given, two an octave) prints
// cycles per load from clock64 (the SM's own clock) and ns per load from CUDA events, each as the
// difference of walks of N and 2N steps, so the launch's fixed cost drops out, and the SM clock
// they imply. The index the walk reached is compared with the host's walk.
#include "../common/cuda_check.h"
#include "../common/walk.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// state[0]: the word index the walk is at; state[1]: clock64 cycles of the last walk.
__global__ void chase(const unsigned* __restrict__ next, unsigned long long* state,
                      unsigned steps) {
    unsigned i = unsigned(state[0]);
    const long long t0 = clock64();
#pragma unroll 16
    for (unsigned s = 0; s < steps; ++s)
        i = next[i];
    const long long t1 = clock64();
    state[0] = i;
    state[1] = (unsigned long long)(t1 - t0);
}

// The buffer of 32-bit words: at each visited node's word, the word index of the next node.
std::vector<unsigned> build(const std::string& order, size_t bytes, size_t stride) {
    const size_t words = bytes / 4;
    std::vector<unsigned> w(words, 0);
    if (order == "stride") {
        const size_t step = stride / 4;
        for (size_t i = 0; i < words; i += step)
            w[i] = unsigned((i + step) % words);
        return w;
    }
    const size_t node_words = order == "lines" ? 32 : 2; // 128-byte lines or 8-byte words
    const size_t nodes = words / node_words;
    const std::vector<unsigned> next = random_cycle(nodes);
    for (size_t n = 0; n < nodes; ++n)
        w[n * node_words] = unsigned(next[n] * node_words);
    return w;
}

int main(int argc, char** argv) {
    const std::string order = argc > 1 ? argv[1] : "lines";
    const bool managed = argc > 2 && std::strcmp(argv[2], "managed") == 0;
    const size_t stride = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 4096;
    if (stride == 0 || stride % 4 != 0) {
        std::fprintf(stderr, "stride: a positive multiple of 4 bytes\n");
        return 2;
    }
    const double most = argc > 4 ? std::strtod(argv[4], nullptr) * (1 << 20) : double(1u << 30);
    if (order != "lines" && order != "words" && order != "stride") {
        std::fprintf(stderr, "order: lines, words or stride\n");
        return 2;
    }
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs, L2 %d MiB; order %s, %s memory%s\n", prop.name,
                prop.multiProcessorCount, prop.l2CacheSize >> 20, order.c_str(),
                managed ? "managed" : "device",
                order == "stride" ? (", stride " + std::to_string(stride)).c_str() : "");
    // Every walk is checked against the host's; a wrong one ends the run (exit 1).
    std::printf("%12s %12s %10s %10s\n", "bytes", "cycles/load", "ns/load", "clock MHz");
    WalkTimer timer;
    for (double b = 4096; b <= most * 1.01; b *= 1.41421356) {
        const size_t bytes = size_t(b) / 4096 * 4096;
        const std::vector<unsigned> host = build(order, bytes, stride);
        unsigned* next = nullptr;
        if (managed) {
            CHECK(cudaMallocManaged(&next, bytes));
            std::memcpy(next, host.data(), bytes);
#if CUDART_VERSION >= 13000
            cudaMemLocation gpu{};
            gpu.type = cudaMemLocationTypeDevice;
            gpu.id = 0;
            CHECK(cudaMemPrefetchAsync(next, bytes, gpu, 0, 0));
#else
            CHECK(cudaMemPrefetchAsync(next, bytes, 0));
#endif
            CHECK(cudaDeviceSynchronize());
        } else {
            CHECK(cudaMalloc(&next, bytes));
            CHECK(cudaMemcpy(next, host.data(), bytes, cudaMemcpyHostToDevice));
        }
        timer.start_at(0);
        unsigned at = 0; // the host's walk
        auto walk = [&](unsigned steps) {
            const Walk w = timer([&] { chase<<<1, 1>>>(next, timer.state(), steps); });
            for (unsigned s = 0; s < steps; ++s)
                at = host[at];
            if (w.at != at) {
                std::fprintf(stderr, "%zu bytes: the walk is at %llu, the host's at %u\n", bytes,
                             w.at, at);
                std::exit(1);
            }
            return w;
        };
        const size_t nodes = order == "lines"   ? bytes / 128
                             : order == "words" ? bytes / 8
                                                : bytes / stride;
        walk(unsigned(std::min<size_t>(nodes, 1u << 21))); // a lap (up to 2M steps) warms it
        const unsigned n = 1u << 17;
        const PerLoad best = fastest_pair(walk, n, 3);
        std::printf("%12zu %12.1f %10.1f %10.0f\n", bytes, best.cycles, best.seconds * 1e9,
                    best.cycles / (best.seconds * 1e9) * 1e3);
        std::fflush(stdout);
        CHECK(cudaFree(next));
    }
    return 0;
}
