#include "sweep/cache_size.hpp"

#include <algorithm>
#include <cctype>

namespace clgauge::sweep {
namespace {
struct Row {
    const char* name; // case-insensitive substring of the device name; most specific first
    double mib;
};
const Row kNvidiaL2[] = {
    {"GH200", 50}, {"H200", 50}, {"H100", 50},     {"H800", 50},    {"A100", 40},
    {"A800", 40},  {"A40", 6},   {"A30", 24},      {"A10", 6},      {"L40", 96},
    {"L4", 48},    {"V100", 6},  {"RTX 4090", 72}, {"RTX 3090", 6},
};
std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}
} // namespace

CacheSize last_level_cache(const DeviceFacts& f) {
    CacheSize c;
    if (f.is_nvidia()) {
        const std::string name = lower(f.name);
        for (const Row& r : kNvidiaL2)
            if (name.find(lower(r.name)) != std::string::npos) {
                c.bytes = r.mib * 1024 * 1024;
                c.basis = std::string("L2 of ") + r.name + " (CUDA l2CacheSize), " +
                          std::to_string(int(r.mib)) + " MiB; OpenCL reports " +
                          std::to_string(f.global_cache >> 10) + " KiB";
                return c;
            }
    }
    c.bytes = double(f.global_cache);
    c.basis = "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, " + std::to_string(f.global_cache >> 10) + " KiB";
    return c;
}

} // namespace clgauge::sweep
