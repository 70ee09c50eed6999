// Harness for the other routes OpenCL offers between host and device memory, beside the
// enqueued copies of transfer.hpp: reads and writes of a CL_MEM_ALLOC_HOST_PTR buffer
// (blocking or not), map and unmap, memcpy through a mapped pointer, and pageable copies
// staged through pinned memory by the host's own threads. Timed with the host clock, since
// maps and memcpy have no device events; every word that arrives is checked.
#pragma once
#include "harness/adapter.hpp"

#include <string>

namespace clgauge {

enum class Route {
    WriteHostBuffer,  // enqueueWriteBuffer: pageable memory -> ALLOC_HOST_PTR buffer
    ReadHostBuffer,   // enqueueReadBuffer: ALLOC_HOST_PTR buffer -> pageable memory
    MapForRead,       // enqueueMapBuffer(CL_MAP_READ) of a buffer the device filled
    UnmapAfterWrite,  // enqueueUnmapMemObject after the host wrote a CL_MAP_WRITE mapping
    MemcpyFromMapped, // memcpy out of a read mapping into pageable memory
    MemcpyToMapped,   // memcpy from pageable memory into a write mapping
    StagedToHost,     // device buffer -> pinned staging (DMA) -> pageable (host threads)
    StagedFromHost,   // pageable -> pinned staging (host threads) -> device buffer (DMA)
};

struct RouteSpec {
    EntryHeader entry; // family "transfer", unit B/s, one native path
    Route route = Route::ReadHostBuffer;
    bool blocking = true; // the enqueued reads and writes: CL_TRUE, or CL_FALSE + finish
};

// family "transfer"
Benchmark transfer_route_benchmark(RouteSpec spec);

} // namespace clgauge
