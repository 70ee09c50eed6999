// What the chase yardsticks share: the seeded random single cycle (Sattolo's algorithm, the
// same order every run) and a walk of one thread timed by CUDA events, whose kernel leaves in
// state[0] the index it reached and in state[1] the clock64 cycles of the walk itself.
#pragma once
#include "cuda_check.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

inline uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// next[i]: the node after node i on one cycle through all `nodes` nodes.
inline std::vector<unsigned> random_cycle(size_t nodes) {
    std::vector<unsigned> next(nodes);
    for (size_t i = 0; i < nodes; ++i)
        next[i] = unsigned(i);
    uint64_t seed = 12345;
    for (size_t i = nodes - 1; i > 0; --i) // no node its own successor
        std::swap(next[i], next[splitmix(seed) % i]);
    return next;
}

struct Walk {
    unsigned long long at = 0; // the index the walk reached
    double cycles = 0, seconds = 0;
};

// Times launches that each leave their walk's end and cycles in `state` (two words).
class WalkTimer {
  public:
    WalkTimer() {
        CHECK(cudaMalloc(&state_, 16));
        CHECK(cudaMemset(state_, 0, 16));
        CHECK(cudaEventCreate(&e0_));
        CHECK(cudaEventCreate(&e1_));
    }
    ~WalkTimer() {
        cudaEventDestroy(e0_);
        cudaEventDestroy(e1_);
        cudaFree(state_);
    }
    WalkTimer(const WalkTimer&) = delete;
    WalkTimer& operator=(const WalkTimer&) = delete;
    unsigned long long* state() const { return state_; }
    // Starts the next walk at index `at`.
    void start_at(unsigned long long at) {
        const unsigned long long words[2] = {at, 0};
        CHECK(cudaMemcpy(state_, words, 16, cudaMemcpyHostToDevice));
    }
    // `launch()` enqueues the kernel; the walk's end, its cycles and its event time.
    template <class Launch> Walk operator()(Launch launch) {
        CHECK(cudaEventRecord(e0_));
        launch();
        CHECK(cudaEventRecord(e1_));
        CHECK(cudaEventSynchronize(e1_));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, e0_, e1_));
        unsigned long long st[2];
        CHECK(cudaMemcpy(st, state_, 16, cudaMemcpyDeviceToHost));
        return Walk{st[0], double(st[1]), ms * 1e-3};
    }

  private:
    unsigned long long* state_ = nullptr;
    cudaEvent_t e0_{}, e1_{};
};

// Per load, the fastest of `pairs` pairs of walks of n and 2n steps: their difference cancels
// the launch's fixed cost and whatever a kernel does before it walks.
struct PerLoad {
    double cycles = 1e30, seconds = 1e30;
};
template <class WalkSteps> PerLoad fastest_pair(WalkSteps walk, unsigned n, int pairs) {
    PerLoad best;
    for (int r = 0; r < pairs; ++r) {
        const Walk a = walk(n), c = walk(2 * n);
        best.cycles = std::min(best.cycles, (c.cycles - a.cycles) / n);
        best.seconds = std::min(best.seconds, (c.seconds - a.seconds) / n);
    }
    return best;
}
