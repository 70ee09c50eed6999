// xfer.h2d / xfer.d2h / xfer.bidir, each from pageable and from pinned host memory
// (kernels/transfer.cl, reference/transfer.hpp, harness suite/harness/transfer.hpp).
#include "harness/transfer.hpp"
#include "registry/families.hpp"

namespace clgauge::families {

std::vector<Benchmark> transfer() {
    struct Row {
        const char* dir;
        const char* label;
        Direction direction;
    };
    const Row rows[] = {{"h2d", "PCIe send", Direction::HostToDevice},
                        {"d2h", "PCIe receive", Direction::DeviceToHost},
                        {"bidir", "PCIe bidir", Direction::Both}};
    std::vector<Benchmark> v;
    for (const Row& r : rows) {
        for (const HostMemory host : {HostMemory::Pageable, HostMemory::Pinned}) {
            const bool pinned = host == HostMemory::Pinned;
            v.push_back(transfer_benchmark({
                .id = std::string("xfer.") + r.dir + (pinned ? ".pinned" : ".pageable"),
                .label = r.label,
                .description = std::string(r.dir) +
                               (pinned ? " from pinned host memory" : " from pageable host memory"),
                .direction = r.direction,
                .host = host,
            }));
        }
    }
    return v;
}

} // namespace clgauge::families
