#include "core/memory_peak.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace clgauge {
namespace {

struct Row {
    const char* name;      // case-insensitive substring of the device name
    double min_global_gib; // to tell memory sizes of one name apart (0: any)
    double tb_per_s;
    const char* memory;
};

// Most specific names first: the first matching row wins.
const Row kTable[] = {
    {"GH200", 0, 4.0, "HBM3"},
    {"H200", 0, 4.8, "HBM3e"},
    {"H100 NVL", 0, 3.9, "HBM3"},
    {"H100 PCIe", 0, 2.0, "HBM2e"},
    {"H100", 0, 3.35, "HBM3"}, // "NVIDIA H100 80GB HBM3" (SXM)
    {"H800", 0, 3.35, "HBM3"},
    {"H20", 0, 4.0, "HBM3"},
    {"B200", 0, 8.0, "HBM3e"},
    {"A100-SXM4-80GB", 0, 2.039, "HBM2e"},
    {"A100 80GB PCIe", 0, 1.935, "HBM2e"},
    {"A100", 0, 1.555, "HBM2"},
    {"A800", 0, 2.039, "HBM2e"},
    {"A40", 0, 0.696, "GDDR6"},
    {"A30", 0, 0.933, "HBM2"},
    {"A10", 0, 0.600, "GDDR6"},
    {"L40", 0, 0.864, "GDDR6"},
    {"L4", 0, 0.300, "GDDR6"},
    {"V100", 0, 0.900, "HBM2"},
    {"RTX 5090", 0, 1.792, "GDDR7"},
    {"RTX 4090", 0, 1.008, "GDDR6X"},
    {"RTX 3090", 0, 0.936, "GDDR6X"},
    {"Data Center GPU Max 1550", 0, 3.2768, "HBM2e"},
    {"Data Center GPU Max 1100", 0, 1.2288, "HBM2e"},
    {"Arc(TM) A770", 12, 0.560, "GDDR6"},
    {"Arc(TM) A770", 0, 0.512, "GDDR6"},
    {"Arc(TM) B580", 0, 0.456, "GDDR6"},
    {"MI300X", 0, 5.3, "HBM3"},
    {"MI250X", 0, 3.2768, "HBM2e"},
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace

std::optional<MemoryPeak> memory_peak(const DeviceFacts& f) {
    if (!f.is_gpu()) return std::nullopt; // host memory: depends on the machine, not the name
    const std::string name = lower(f.name);
    const double gib = double(f.global_mem) / double(1ull << 30);
    for (const Row& r : kTable) {
        if (name.find(lower(r.name)) == std::string::npos || gib < r.min_global_gib) continue;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g TB/s", r.tb_per_s);
        return MemoryPeak{r.tb_per_s * 1e12, std::string(r.name) + ": " + r.memory + ", " + buf};
    }
    return std::nullopt;
}

std::optional<MemoryPeak> local_memory_peak(const DeviceFacts& f) {
    if (!f.is_gpu() || !f.is_nvidia() || f.compute_units == 0 || f.clock_mhz == 0)
        return std::nullopt;
    const double per_clock = f.nv_cc_major == 3 ? 256 : 128;
    const double bps = per_clock * f.compute_units * f.clock_mhz * 1e6;
    char buf[96];
    std::snprintf(buf, sizeof buf, "NVIDIA: %.0f B/clk/SM x %u SMs x %u MHz = %.4g TB/s", per_clock,
                  f.compute_units, f.clock_mhz, bps / 1e12);
    return MemoryPeak{bps, buf};
}

double pcie_bytes_per_second(int gen, int lanes) {
    // GT/s per lane and line-code efficiency: 8b/10b up to Gen2, 128b/130b for Gen3-5,
    // Gen6's FLIT mode counted at 242/256.
    static const double gts[] = {0, 2.5, 5, 8, 16, 32, 64};
    if (gen < 1 || gen > 6 || lanes < 1) return 0;
    const double code = gen <= 2 ? 0.8 : gen <= 5 ? 128.0 / 130.0 : 242.0 / 256.0;
    return gts[gen] * 1e9 * code / 8.0 * lanes;
}

} // namespace clgauge
