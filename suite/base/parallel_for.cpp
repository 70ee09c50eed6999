#include "base/parallel_for.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace clgauge {

void parallel_for(size_t n, const std::function<void(size_t begin, size_t end)>& body,
                  size_t min_chunk) {
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const size_t ranges = std::clamp<size_t>(n / std::max<size_t>(min_chunk, 1), 1, cores);
    if (ranges <= 1) {
        if (n > 0) body(0, n);
        return;
    }
    std::exception_ptr first;
    std::mutex guard;
    {
        std::vector<std::jthread> threads;
        for (size_t r = 0; r < ranges; ++r)
            threads.emplace_back([&, r] {
                try {
                    body(n * r / ranges, n * (r + 1) / ranges);
                } catch (...) {
                    const std::lock_guard lock(guard);
                    if (!first) first = std::current_exception();
                }
            });
    }
    if (first) std::rethrow_exception(first);
}

} // namespace clgauge
