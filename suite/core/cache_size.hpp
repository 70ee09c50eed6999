// The device's cache sizes, with how each was found: OpenCL reports one "global memory cache"
// (an NVIDIA GPU's L1, a CPU's last level), so NVIDIA's levels come from tables by part.
// The stream sweep holds its bump against the last level; the cache family sizes its working
// sets from the first and second level, and its sweep holds the steps it finds against them.
#pragma once
#include "core/device.hpp"

#include <string>

namespace clgauge {

struct CacheSize {
    double bytes = 0;
    std::string basis;
};

// NVIDIA GPUs: the L2 size from a table by name (cudaDeviceProp::l2CacheSize of each part),
// since CL_DEVICE_GLOBAL_MEM_CACHE_SIZE need not be the L2; otherwise that query.
CacheSize last_level_cache(const DeviceFacts& f);

// The first-level data cache of one compute unit. NVIDIA: the unified L1/shared memory of an
// SM by compute capability (the L1 gets what local memory leaves of it); a CPU device: 32 KiB,
// a per-core guess (OpenCL reports only the shared last level); other GPUs: 16 KiB, assumed.
CacheSize first_level_cache(const DeviceFacts& f);

// The cache shared by all compute units in front of DRAM. NVIDIA: the L2 table; a CPU device:
// 1 MiB per core, a guess, at most the reported cache; other GPUs: the reported cache (1 MiB
// where none is reported).
CacheSize second_level_cache(const DeviceFacts& f);

// A working-set size in binary units, rounded: "16 KiB", "50 MiB".
std::string cache_size_text(double bytes);

} // namespace clgauge
