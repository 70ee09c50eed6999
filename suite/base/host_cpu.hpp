// The host's own arithmetic limits, for a CPU OpenCL device: a CPU device's reported clock is
// whatever its runtime chose to say (llvmpipe reports 300 MHz; Intel's CPU runtime, 0), so a
// ceiling built on it fails a correct figure on one host and not on another. The limits here
// come from the host: the logical CPUs, the widest vector the processor executes, and its
// clock measured by a timed chain of dependent integer multiplies.
#pragma once
#include <string>

namespace clgauge {

struct HostCpu {
    unsigned logical_cpus = 0; // online: a device's threads can run on every one of them
    unsigned fp32_lanes = 0;   // of the widest vector instructions the processor supports
    std::string vector_isa;    // "AVX-512", "AVX2", "SSE", ...
    double clock_mhz = 0;      // measured; 0 where it cannot be
    // FMA pipes per core counted as a bound: no x86 core issues more than two vector FMAs a
    // cycle, nor more than two vector integer multiplies.
    static constexpr unsigned kFmaPipes = 2;
    // FP32 FLOP/s no CPU device on this host can exceed: an FMA (two operations) on every lane
    // of every pipe of every logical CPU, every measured cycle. 0 when the clock is unknown.
    double fp32_peak() const;
    std::string basis() const; // "host: 2 CPUs x 2 FMA x 16 lanes (AVX-512) at 3535 MHz"
};

// The host's limits, measured once per process (about 30 ms).
const HostCpu& host_cpu();

// The clock of the core the caller runs on, in MHz: the fastest of several timed chains of
// dependent integer multiplies, each three cycles on every x86 core (a preempted or slowed
// trial only reads slower). 0 on a processor this cannot time.
double measure_host_clock_mhz();

} // namespace clgauge
