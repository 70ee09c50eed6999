// Harness for host <-> device transfers (clEnqueueWriteBuffer / ReadBuffer): from pageable
// host memory (a std::vector) or pinned memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped),
// one direction or both at once on two queues. Data is checked after the round trip.
#pragma once
#include "harness/adapter.hpp"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace clgauge {

enum class Direction { HostToDevice, DeviceToHost, Both };
enum class HostMemory { Pageable, Pinned };

struct TransferSpec {
    EntryHeader entry; // family "transfer", unit B/s, one native path
    Direction direction = Direction::HostToDevice;
    HostMemory host = HostMemory::Pageable;
};

// family "transfer" (kernels/transfer.cl holds the device-side fills).
Benchmark transfer_benchmark(TransferSpec spec);

// Shared by the transfer harnesses (this one and transfer_routes.hpp):
// bytes per transfer (4 MiB + a page in conformance; 256 MiB on a GPU, 12.8 MiB on a CPU
// device, whatever the time budget; RunOptions::launch.transfer_bytes, from CLGAUGE_XFER_MIB),
size_t transfer_bytes(const Session& s, const RunOptions& opts);
// the fill kernel's program, built before any buffer is made: a run that builds its programs
// ahead (ProgramCache::discover) stops there instead of filling hundreds of MiB of host memory,
void build_fill_program(Session& s, const RunOptions& opts);
// the device-side fill of `words` words of stream `stream` (reference/transfer.hpp),
void fill_device(Session& s, const cl::Buffer& buf, size_t words, uint32_t seed, uint32_t stream,
                 const RunOptions& opts);
// ordinary pageable host memory, page-aligned and not yet written: the caller writes every
// word on every core (fill_sent_words, fill_sentinel), so its pages are first touched there
// and before any timing, not on one thread,
struct FreeDeleter {
    void operator()(void* p) const { std::free(p); }
};
using PageableWords = std::unique_ptr<uint32_t[], FreeDeleter>;
PageableWords pageable_words(size_t words);
// `bytes` cut to about `factor` (< 1) of it, whole pages, at least one: false when it is
// already no more (LaunchSizing::shrink of a transfer too long for the budget's bound),
bool shrink_transfer(size_t& bytes, double factor);
// words that no transfer writes (dst[i] = pattern ^ i, on every core),
void fill_sentinel(uint32_t* dst, size_t words, uint32_t pattern);
// the sent stream written into host memory (on every core),
void fill_sent_words(uint32_t* dst, size_t words, uint32_t seed);
// every word of `got` against the sent (or received) stream,
void check_transfer_words(const uint32_t* got, size_t words, uint32_t seed, bool received,
                          const char* what, Verification& v);
// and a mapped region of a buffer, unmapped (the queue then finished) by unmap() or when it
// goes out of scope.
class Mapping {
  public:
    Mapping(cl::CommandQueue& q, const cl::Buffer& b, cl_map_flags flags, size_t bytes);
    ~Mapping() { unmap(); }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    uint32_t* data() const { return p_; }
    void unmap();

  private:
    cl::CommandQueue& q_;
    cl::Buffer b_;
    uint32_t* p_ = nullptr;
};

} // namespace clgauge
