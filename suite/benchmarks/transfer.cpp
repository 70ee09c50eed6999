// xfer.h2d / xfer.d2h / xfer.bidir, each from pageable and from pinned host memory
// (kernels/transfer.cl, reference/transfer.hpp, harness suite/harness/transfer.hpp).
#include "harness/transfer.hpp"
#include "harness/transfer_routes.hpp"
#include "registry/registry.hpp"

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
            v.push_back(transfer_benchmark(
                {.entry = {.id = std::string("xfer.") + r.dir + (pinned ? ".pinned" : ".pageable"),
                           .label = r.label,
                           .description =
                               std::string(r.dir) + (pinned ? " from pinned host memory"
                                                            : " from pageable host memory")},
                 .direction = r.direction,
                 .host = host}));
        }
    }
    // The other routes (clpeak measures the same ones): a CL_MEM_ALLOC_HOST_PTR buffer read,
    // written, mapped; and pageable memory staged through pinned memory by host threads.
    struct RouteRow {
        const char* id;
        const char* label;
        const char* description;
        Route route;
        bool blocking;
    };
    const RouteRow routes[] = {
        {"xfer.hostbuf.write.blocking", "Host buf write",
         "enqueueWriteBuffer (blocking) from pageable memory into an ALLOC_HOST_PTR buffer",
         Route::WriteHostBuffer, true},
        {"xfer.hostbuf.write.async", "Host buf write",
         "enqueueWriteBuffer (non-blocking, then finish) into an ALLOC_HOST_PTR buffer",
         Route::WriteHostBuffer, false},
        {"xfer.hostbuf.read.blocking", "Host buf read",
         "enqueueReadBuffer (blocking) from an ALLOC_HOST_PTR buffer into pageable memory",
         Route::ReadHostBuffer, true},
        {"xfer.hostbuf.read.async", "Host buf read",
         "enqueueReadBuffer (non-blocking, then finish) from an ALLOC_HOST_PTR buffer",
         Route::ReadHostBuffer, false},
        {"xfer.map.read", "Map for read", "enqueueMapBuffer(CL_MAP_READ) of a device-filled buffer",
         Route::MapForRead, true},
        {"xfer.unmap.write", "Unmap write",
         "enqueueUnmapMemObject of a CL_MAP_WRITE mapping the host filled", Route::UnmapAfterWrite,
         true},
        {"xfer.mapped.memcpy_from", "Memcpy mapped",
         "memcpy (host threads) from a read mapping into pageable memory", Route::MemcpyFromMapped,
         true},
        {"xfer.mapped.memcpy_to", "Memcpy mapped",
         "memcpy (host threads) from pageable memory into a write mapping", Route::MemcpyToMapped,
         true},
        {"xfer.d2h.pageable.staged", "PCIe receive",
         "device buffer to pageable memory through pinned staging chunks (DMA overlapped with "
         "host-thread copies)",
         Route::StagedToHost, true},
        {"xfer.h2d.pageable.staged", "PCIe send",
         "pageable memory to a device buffer through pinned staging chunks", Route::StagedFromHost,
         true},
    };
    for (const RouteRow& r : routes)
        v.push_back(transfer_route_benchmark(
            {.entry = {.id = r.id, .label = r.label, .description = r.description},
             .route = r.route,
             .blocking = r.blocking}));
    return v;
}

// Registry order 120: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(120, transfer);

} // namespace clgauge::families
