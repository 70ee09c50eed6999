#include "process/build_queue.hpp"

#include <algorithm>
#include <array>
#include <unistd.h>

namespace clgauge {

std::optional<BuildRecord> read_build_record(int fd) {
    std::array<unsigned char, 8> w{};
    if (::read(fd, w.data(), w.size()) != ssize_t(w.size())) return std::nullopt;
    auto word = [&](size_t at) {
        return size_t(w[at]) | size_t(w[at + 1]) << 8 | size_t(w[at + 2]) << 16 |
               size_t(w[at + 3]) << 24;
    };
    return BuildRecord{word(0), word(4)};
}

std::vector<size_t> queue_order(QueueShare share) {
    std::vector<size_t> order;
    const size_t stride = std::max<size_t>(share.of, 1), first = share.shard % stride;
    for (size_t i = first; i < kBuildQueueIndices; i += stride)
        order.push_back(i);
    for (size_t i = 0; i < kBuildQueueIndices; ++i)
        if (i % stride != first) order.push_back(i);
    return order;
}

bool queued_first_by(QueueShare share, size_t program) {
    const size_t stride = std::max<size_t>(share.of, 1);
    return program % stride == share.shard % stride;
}

} // namespace clgauge
