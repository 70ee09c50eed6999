#include "core/cache_size.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace clgauge {
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
// Unified L1 data cache and shared memory per SM (CUDA programming guide, "Compute
// Capabilities" table), by compute capability major * 10 + minor.
struct L1Row {
    int cc;
    double kib;
};
const L1Row kNvidiaL1[] = {{70, 128}, {72, 128}, {75, 96},  {80, 192},  {86, 128},
                           {87, 192}, {89, 128}, {90, 256}, {100, 256}, {120, 128}};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}
std::string kib(double bytes) {
    return std::to_string(long(bytes / 1024)) + " KiB";
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

CacheSize first_level_cache(const DeviceFacts& f) {
    if (f.is_nvidia() && f.nv_cc_major > 0) {
        const int cc = f.nv_cc_major * 10 + f.nv_cc_minor;
        for (const L1Row& r : kNvidiaL1)
            if (r.cc == cc)
                return {r.kib * 1024, "unified L1/shared memory of an sm_" + std::to_string(cc) +
                                          " SM, " + kib(r.kib * 1024) + " (CUDA guide)"};
    }
    if (f.is_cpu())
        return {32 * 1024.0, "32 KiB per core, a guess (OpenCL reports only the last level)"};
    return {16 * 1024.0, "16 KiB, assumed (OpenCL reports no first-level size)"};
}

CacheSize second_level_cache(const DeviceFacts& f) {
    if (f.is_cpu()) {
        const double guess = 1024.0 * 1024 * std::max<cl_uint>(1, f.compute_units);
        const double reported = double(f.global_cache);
        if (reported > 0 && reported < guess)
            return {reported, "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, " + kib(reported)};
        return {guess, "1 MiB per core x " + std::to_string(f.compute_units) +
                           ", a guess (OpenCL reports the shared last level, " + kib(reported) +
                           ")"};
    }
    if (f.global_cache == 0 && !f.is_nvidia())
        return {1024.0 * 1024, "1 MiB, assumed (the device reports no cache)"};
    return last_level_cache(f);
}

std::string cache_size_text(double bytes) {
    constexpr double kKiB = 1024, kMiB = 1024 * 1024;
    return bytes >= kMiB ? std::to_string(std::lround(bytes / kMiB)) + " MiB"
                         : std::to_string(std::lround(bytes / kKiB)) + " KiB";
}

} // namespace clgauge
