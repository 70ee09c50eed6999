// Theoretical memory bandwidth by device name. OpenCL reports neither the memory clock nor
// the bus width, so the vendors' figures are kept in one table here.
#pragma once
#include "core/device.hpp"

#include <optional>
#include <string>

namespace clgauge {

struct MemoryPeak {
    double bytes_per_second = 0;
    std::string basis; // "NVIDIA H200: HBM3e, 4.8 TB/s"
};

// nullopt for devices the table does not know (their figures then print no share).
std::optional<MemoryPeak> memory_peak(const DeviceFacts& facts);

// Local-memory read bandwidth of the whole device: bytes per clock per compute unit x compute
// units x the reported clock. NVIDIA: 32 banks of 4 bytes per SM (Kepler's 8-byte banks: 256
// B); nullopt for vendors without a documented figure (their local entries print no share).
std::optional<MemoryPeak> local_memory_peak(const DeviceFacts& facts);

// Effective PCIe bandwidth per direction of generation `gen` (1..6) and `lanes` lanes,
// after line coding, in bytes per second.
double pcie_bytes_per_second(int gen, int lanes);

} // namespace clgauge
