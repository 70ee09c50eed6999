// The last-level cache a stream sweep's bump is held against.
#pragma once
#include "core/device.hpp"

#include <string>

namespace clgauge::sweep {

struct CacheSize {
    double bytes = 0;
    std::string basis;
};

// NVIDIA GPUs: the L2 size from a table by name (cudaDeviceProp::l2CacheSize of each part),
// since CL_DEVICE_GLOBAL_MEM_CACHE_SIZE need not be the L2; otherwise that query.
CacheSize last_level_cache(const DeviceFacts& f);

} // namespace clgauge::sweep
