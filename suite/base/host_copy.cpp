#include "base/host_copy.hpp"

#include <algorithm>
#include <cstring>

namespace clgauge {

HostCopyPool::HostCopyPool(unsigned threads) {
    for (unsigned t = 1; t < std::max(threads, 1u); ++t)
        workers_.emplace_back([this](std::stop_token stop) { work(stop); });
}

HostCopyPool::~HostCopyPool() {
    for (auto& w : workers_)
        w.request_stop();
    wake_.notify_all();
    workers_.clear();
}

size_t HostCopyPool::copy_pieces() {
    size_t copied = 0;
    for (;;) {
        size_t piece;
        char* dst;
        const char* src;
        size_t bytes;
        {
            std::lock_guard lock(mutex_);
            if (next_ >= pieces_) return copied;
            piece = next_++;
            dst = dst_;
            src = src_;
            bytes = bytes_;
        }
        const size_t at = piece * kPieceBytes;
        std::memcpy(dst + at, src + at, std::min(kPieceBytes, bytes - at));
        ++copied;
    }
}

void HostCopyPool::work(std::stop_token stop) {
    unsigned long seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [&] { return generation_ != seen; })) return;
            seen = generation_;
        }
        const size_t copied = copy_pieces();
        std::lock_guard lock(mutex_);
        finished_ += copied;
        if (finished_ == pieces_) done_.notify_all();
    }
}

void HostCopyPool::copy(void* dst, const void* src, size_t bytes) {
    if (bytes == 0) return;
    {
        std::lock_guard lock(mutex_);
        dst_ = static_cast<char*>(dst);
        src_ = static_cast<const char*>(src);
        bytes_ = bytes;
        pieces_ = (bytes + kPieceBytes - 1) / kPieceBytes;
        next_ = finished_ = 0;
        ++generation_;
    }
    wake_.notify_all();
    const size_t copied = copy_pieces();
    std::unique_lock lock(mutex_);
    finished_ += copied;
    done_.wait(lock, [&] { return finished_ == pieces_; });
}

} // namespace clgauge
