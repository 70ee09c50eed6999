// Harness for host <-> device transfers (clEnqueueWriteBuffer / ReadBuffer): from pageable
// host memory (a std::vector) or pinned memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped),
// one direction or both at once on two queues. Data is checked after the round trip.
#pragma once
#include "registry/benchmark.hpp"

#include <optional>
#include <string>

namespace clgauge {

enum class Direction { HostToDevice, DeviceToHost, Both };
enum class HostMemory { Pageable, Pinned };

struct TransferSpec {
    std::string id, label, description;
    Direction direction = Direction::HostToDevice;
    HostMemory host = HostMemory::Pageable;
};

// family "transfer" (kernels/transfer.cl holds the device-side fills).
Benchmark transfer_benchmark(TransferSpec spec);

// The device's PCIe link as Linux reports it ("Gen5 x16 (32.0 GT/s PCIe), max Gen5 x16"),
// found by the PCI bus id NVIDIA reports; nullopt when unknown.
std::optional<std::string> pcie_link_from_sysfs(const DeviceFacts& facts);

} // namespace clgauge
