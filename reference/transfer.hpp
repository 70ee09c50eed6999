// CPU model of what the transfer benchmarks move: host-to-device sends input stream 0,
// device-to-host receives stream 1 as kernels/transfer.cl fills it on the device.
#pragma once
#include "reference/mem_data.hpp"

namespace clgauge::ref {

constexpr uint32_t kSendStream = 0, kReceiveStream = 1;

constexpr uint32_t sent_word(uint32_t seed, uint32_t i) {
    return mem_word(seed, i, kSendStream);
}
constexpr uint32_t received_word(uint32_t seed, uint32_t i) {
    return mem_word(seed, i, kReceiveStream);
}

// The PCIe generation (1..6) of an x16 link that carries `bytes_per_second` in one direction:
// the slowest whose effective x16 rate is at least that (0 when even Gen6 x16 is slower).
// pcie_x16[g] holds generation g's effective rate.
inline int pcie_generation_for(double bytes_per_second, const double pcie_x16[7]) {
    for (int g = 1; g <= 6; ++g)
        if (bytes_per_second <= 0.97 * pcie_x16[g]) return g;
    return 0;
}

} // namespace clgauge::ref
