// The tools' one error policy: a failed CUDA call prints the call and CUDA's message and
// exits 2 (a tool's own wrong result exits 1).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                          \
            std::exit(2);                                                                          \
        }                                                                                          \
    } while (0)
