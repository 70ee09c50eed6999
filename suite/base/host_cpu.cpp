#include "base/host_cpu.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <thread>

namespace clgauge {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// Cycles of one `imul r, r`: three on every x86 core of the last fifteen years, Intel and AMD.
// Not an add: recent Intel cores fold a chain of adds of an immediate at rename, so such a
// chain reads several times the clock.
constexpr unsigned kImulCycles = 3;
// `n` blocks of 32 dependent multiplies by a register that holds 1: 96 n cycles, the loop's
// own counter running beside them.
void multiply_chain(uint64_t n) {
    uint64_t x = 1, one = 1;
    asm volatile("" : "+r"(one)); // the processor must not know it multiplies by one
    for (uint64_t i = 0; i < n; ++i) {
        asm volatile(".rept 32\n\timul %1, %0\n\t.endr" : "+r"(x) : "r"(one));
    }
    asm volatile("" ::"r"(x));
}
#endif

void vector_width(HostCpu& c) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) {
        c.fp32_lanes = 16;
        c.vector_isa = "AVX-512";
    } else if (__builtin_cpu_supports("avx")) {
        c.fp32_lanes = 8;
        c.vector_isa = __builtin_cpu_supports("avx2") ? "AVX2" : "AVX";
    } else {
        c.fp32_lanes = 4;
        c.vector_isa = "SSE";
    }
#else
    c.fp32_lanes = 0; // unknown: no bound
    c.vector_isa = "unknown vector width";
#endif
}

} // namespace

double measure_host_clock_mhz() {
#if defined(__x86_64__) || defined(__i386__)
    using Clock = std::chrono::steady_clock;
    constexpr uint64_t kBlocks = 4096; // about 400K cycles: 0.1-0.4 ms
    double best_s = 0;
    // The first trials also bring the core out of a low-power state: at least 24 trials over
    // at least 30 ms, so that a core that ramps its clock up has done so by the fastest.
    const auto start = Clock::now();
    for (int trial = 0; trial < 1000; ++trial) {
        const auto t0 = Clock::now();
        multiply_chain(kBlocks);
        const auto t1 = Clock::now();
        const double s = std::chrono::duration<double>(t1 - t0).count();
        if (s > 0 && (best_s == 0 || s < best_s)) best_s = s;
        if (trial >= 24 && t1 - start >= std::chrono::milliseconds(30)) break;
    }
    return best_s > 0 ? double(kBlocks) * 32 * kImulCycles / best_s / 1e6 : 0;
#else
    return 0;
#endif
}

double HostCpu::fp32_peak() const {
    return 2.0 * kFmaPipes * fp32_lanes * logical_cpus * clock_mhz * 1e6;
}

std::string HostCpu::basis() const {
    char buf[200];
    std::snprintf(buf, sizeof buf, "host: %u CPUs x %u FMA x %u lanes (%s) at %.0f MHz",
                  logical_cpus, kFmaPipes, fp32_lanes, vector_isa.c_str(), clock_mhz);
    return buf;
}

const HostCpu& host_cpu() {
    static const HostCpu cpu = [] {
        HostCpu c;
        c.logical_cpus = std::max(1u, std::thread::hardware_concurrency());
        vector_width(c);
        c.clock_mhz = c.fp32_lanes > 0 ? measure_host_clock_mhz() : 0;
        return c;
    }();
    return cpu;
}

} // namespace clgauge
