// The DRAM read rate a plain CUDA kernel reaches on this GPU: the yardstick that OpenCL's
// mem.coalesced.read and stream.read.* are held against (docs/results.md). Built only where
// nvcc is found (tools/cuda-read-bw/build); clgauge itself never needs CUDA.
//
//   cuda_read_bw [array MiB] [passes] [blocks per SM] [launches]
//
// Each launch reads the whole array `passes` times as float4, grid-stride, 256 threads a
// block, with four load kinds: plain (ld.global), __ldg (ld.global.nc), __ldcg
// (ld.global.cg: L2 only) and __ldcs (ld.global.cs: evict first). Prints one line per kind:
// the median and best TB/s (10^12 bytes/s) over the launches, from CUDA events. Every
// launch's sums are checked against the sum the host computes, so a load that was dropped
// or cached across passes shows as a failure, not as a rate.
#include "../common/cuda_check.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

enum Kind { Plain, Ldg, Ldcg, Ldcs };

template <Kind K> __device__ uint4 load(const uint4* p) {
    if constexpr (K == Ldg)
        return __ldg(p);
    else if constexpr (K == Ldcg)
        return __ldcg(p);
    else if constexpr (K == Ldcs)
        return __ldcs(p);
    else
        return *p;
}

// Each thread sums the words it reads (mod 2^32); one word per thread is stored.
template <Kind K>
__global__ void read_kernel(const uint4* __restrict__ a, size_t n, int passes, unsigned* out) {
    const size_t g = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    const size_t G = size_t(gridDim.x) * blockDim.x;
    unsigned acc = 0;
    for (int p = 0; p < passes; ++p) {
        size_t i = g;
        for (; i + 3 * G < n; i += 4 * G) {
            const uint4 v0 = load<K>(a + i), v1 = load<K>(a + i + G), v2 = load<K>(a + i + 2 * G),
                        v3 = load<K>(a + i + 3 * G);
            acc += (v0.x + v0.y + v0.z + v0.w) + (v1.x + v1.y + v1.z + v1.w) +
                   (v2.x + v2.y + v2.z + v2.w) + (v3.x + v3.y + v3.z + v3.w);
        }
        for (; i < n; i += G) {
            const uint4 v = load<K>(a + i);
            acc += v.x + v.y + v.z + v.w;
        }
    }
    out[g] = acc;
}

__global__ void fill_kernel(unsigned* a, size_t words) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < words;
         i += size_t(gridDim.x) * blockDim.x)
        a[i] = unsigned(i) * 2654435761u;
}

template <Kind K>
void run(const char* name, const uint4* a, size_t n, int passes, int blocks, int launches,
         unsigned* out, unsigned expected) {
    std::vector<float> ms;
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    read_kernel<K><<<blocks, 256>>>(a, n, passes, out); // warm-up
    CHECK(cudaDeviceSynchronize());
    std::vector<unsigned> sums(size_t(blocks) * 256);
    bool ok = true;
    for (int l = 0; l < launches; ++l) {
        CHECK(cudaEventRecord(t0));
        read_kernel<K><<<blocks, 256>>>(a, n, passes, out);
        CHECK(cudaEventRecord(t1));
        CHECK(cudaEventSynchronize(t1));
        float t = 0;
        CHECK(cudaEventElapsedTime(&t, t0, t1));
        ms.push_back(t);
        CHECK(cudaMemcpy(sums.data(), out, sums.size() * 4, cudaMemcpyDeviceToHost));
        unsigned total = 0;
        for (unsigned s : sums)
            total += s;
        ok = ok && total == expected;
    }
    std::sort(ms.begin(), ms.end());
    const double bytes = double(n) * 16 * passes;
    std::printf("%-6s array %zu MiB x %d passes, %d blocks: median %.3f TB/s, best %.3f TB/s%s\n",
                name, n * 16 >> 20, passes, blocks, bytes / (ms[ms.size() / 2] * 1e-3) / 1e12,
                bytes / (ms.front() * 1e-3) / 1e12, ok ? "" : "  WRONG SUM");
    CHECK(cudaEventDestroy(t0));
    CHECK(cudaEventDestroy(t1));
}

int main(int argc, char** argv) {
    const size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
    const int passes = argc > 2 ? std::atoi(argv[2]) : 16;
    const int per_sm = argc > 3 ? std::atoi(argv[3]) : 8;
    const int launches = argc > 4 ? std::atoi(argv[4]) : 20;
    cudaDeviceProp prop{};
    CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
    const size_t n = (mib << 20) / 16, words = n * 4;
    uint4* a = nullptr;
    unsigned* out = nullptr;
    const int blocks = prop.multiProcessorCount * per_sm;
    CHECK(cudaMalloc(&a, n * 16));
    CHECK(cudaMalloc(&out, size_t(blocks) * 256 * 4));
    fill_kernel<<<1024, 256>>>(reinterpret_cast<unsigned*>(a), words);
    CHECK(cudaDeviceSynchronize());
    unsigned expected = 0;
    for (size_t i = 0; i < words; ++i)
        expected += unsigned(i) * 2654435761u;
    expected *= unsigned(passes);
    run<Plain>("plain", a, n, passes, blocks, launches, out, expected);
    run<Ldg>("ldg", a, n, passes, blocks, launches, out, expected);
    run<Ldcg>("ldcg", a, n, passes, blocks, launches, out, expected);
    run<Ldcs>("ldcs", a, n, passes, blocks, launches, out, expected);
    CHECK(cudaFree(a));
    CHECK(cudaFree(out));
    return 0;
}
