#include "sweep/wave.hpp"

#include <algorithm>

namespace clgauge::sweep {
namespace {
size_t round_up_to(size_t n, size_t m) {
    return ((n + m - 1) / m) * m;
}
} // namespace

Wave estimate_wave(const DeviceFacts& f, size_t local) {
    local = std::max<size_t>(1, local);
    size_t threads = 0;
    std::string basis;
    if (f.is_nvidia() && f.nv_cc_major > 0) {
        // Maximum resident threads per SM (CUDA programming guide, compute capabilities
        // table); a light kernel such as an FMA chain is limited by nothing else.
        const int cc = f.nv_cc_major * 10 + f.nv_cc_minor;
        threads = 2048;
        if (cc == 75)
            threads = 1024;
        else if (cc == 86 || cc == 89 || cc >= 120)
            threads = 1536;
        basis = "NVIDIA sm_" + std::to_string(cc) + ": " + std::to_string(threads) +
                " resident threads/SM";
    } else if (f.is_amd() && f.is_gpu()) {
        threads = 2048; // CDNA: 4 SIMDs x 8 wavefronts x 64 lanes (GCN allows 2560)
        basis = "AMD GPU: 2048 resident work-items/CU (CDNA: 4 SIMD x 8 waves x 64; estimate)";
    } else if (f.is_intel() && f.is_gpu()) {
        threads = 128; // Xe: 8 hardware threads per EU at SIMD16
        basis = "Intel GPU: 128 work-items/EU (8 threads x SIMD16; estimate)";
    } else if (f.is_cpu()) {
        threads = local; // one work-group at a time per hardware thread (PoCL, Intel CPU)
        basis = "CPU: one work-group of " + std::to_string(local) + " per compute unit";
    } else {
        threads = f.max_work_group;
        basis = "unknown architecture: max work-group size per compute unit";
    }
    // Residency counts whole work-groups; a work-group larger than a unit's share (Intel
    // EUs) still occupies its units together, so keep at least one per unit on average.
    size_t saturating = threads;
    std::string saturating_basis = "taken as the resident work-items (no latency model)";
    if (f.is_nvidia() && f.nv_cc_major >= 7) {
        // Volta and later: 4 schedulers per SM, dependent FFMA latency 4 cycles, 32 lanes.
        saturating = 4 * 4 * 32;
        saturating_basis = "NVIDIA sm_70+: 4 schedulers x 4-cycle FFMA latency x 32 lanes = 512 "
                           "work-items/SM";
    }
    Wave w;
    w.saturating_per_cu = std::min(threads, round_up_to(saturating, local));
    w.saturating_size = std::max<size_t>(local, w.saturating_per_cu * f.compute_units);
    w.saturating_basis = saturating_basis + " x " + std::to_string(f.compute_units) +
                         " compute units, whole work-groups of " + std::to_string(local);
    w.per_cu = threads >= local ? (threads / local) * local : threads;
    w.size = std::max<size_t>(local, w.per_cu * f.compute_units);
    w.basis = basis + " x " + std::to_string(f.compute_units) + " compute units, work-groups of " +
              std::to_string(local);
    return w;
}

} // namespace clgauge::sweep
