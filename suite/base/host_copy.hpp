// A host memcpy spread over a pool of threads, for the transfer routes that copy pageable
// memory: one thread moves ~10 GB/s, the staged routes need several.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace clgauge {

// The copy is cut into pieces that the threads (the caller's among them) claim one at a time,
// so a thread the OS or a hypervisor holds back takes fewer pieces instead of holding the
// whole copy back: with fixed slices, one slow thread of eight halved the staged routes'
// rate in some runs on a GPU server. The threads live as long as the pool, not one copy.
class HostCopyPool {
  public:
    explicit HostCopyPool(unsigned threads);
    ~HostCopyPool();
    HostCopyPool(const HostCopyPool&) = delete;
    HostCopyPool& operator=(const HostCopyPool&) = delete;

    unsigned threads() const { return unsigned(workers_.size()) + 1; }
    // Returns when all `bytes` are copied.
    void copy(void* dst, const void* src, size_t bytes);

    // Pieces of this size (the last one shorter): small against a staged chunk (32 MiB), large
    // against the cost of claiming one.
    static constexpr size_t kPieceBytes = size_t(1) << 20;

  private:
    void work(std::stop_token stop);
    // Copies pieces until none is left to claim; returns how many it copied.
    size_t copy_pieces();

    std::mutex mutex_;
    std::condition_variable_any wake_, done_;
    char* dst_ = nullptr;
    const char* src_ = nullptr;
    size_t bytes_ = 0, pieces_ = 0, next_ = 0, finished_ = 0;
    unsigned long generation_ = 0;
    std::vector<std::jthread> workers_; // last: joined first, while the members above live
};

} // namespace clgauge
