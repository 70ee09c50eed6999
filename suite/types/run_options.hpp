// How a benchmark is to be run: the only way a setting reaches a harness.
#pragma once
#include "core/timing.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace clgauge {

enum class Mode {
    Conformance, // a small launch, every output checked
    Perf,        // a calibrated launch, timed; a deterministic sample of outputs checked
};

struct RunOptions {
    Mode mode = Mode::Perf;
    Budget budget;
    uint32_t seed = 0x5eed2026u;
    double timeout_s = 60.0;
    // Test-only: rewrites the kernel source before it is built (planted faults).
    std::function<std::string(std::string)> mutate_source;
    // Test-only slowdown switch (CLGAUGE_TEST_SLOWDOWN): the kernel does this many times the
    // work it counts, to prove the perf verdict catches a regression.
    unsigned slowdown = 1;
    // Sweeps pin the launch instead of calibrating it (perf mode; harnesses that honor them
    // say so): the number of work-items, and the work per item (chain repeats).
    std::optional<size_t> global_size;
    std::optional<uint32_t> repeats;
    // ... and for the memory harness: the bytes of each array, and the stride of the strided
    // entries (over CLGAUGE_MEM_MIB / CLGAUGE_MEM_STRIDE).
    std::optional<size_t> array_bytes;
    std::optional<unsigned> stride;
};

} // namespace clgauge
