#include "harness/launch.hpp"

#include "measure/clock_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

namespace clgauge {

size_t kernel_work_group_limit(const cl::Kernel& kernel, const Session& s) {
    size_t limit = s.facts().max_work_group;
    try {
        limit = std::min(limit, kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.entry.device));
    } catch (const cl::Error&) {
    }
    return limit;
}

void require_work_group(const cl::Kernel& kernel, const Session& s, size_t local) {
    const size_t allowed = kernel_work_group_limit(kernel, s);
    if (allowed < local)
        throw DeviceLimit("the kernel cannot run work-groups of " + std::to_string(local) +
                          " work-items on this device (it allows " + std::to_string(allowed) + ")");
}

size_t pick_local_size(const cl::Kernel& kernel, const Session& s, size_t preferred) {
    size_t local = std::min(preferred, kernel_work_group_limit(kernel, s));
    // Keep a power of two so global sizes stay simple multiples.
    size_t p = 1;
    while (p * 2 <= local)
        p *= 2;
    return std::max<size_t>(1, p);
}

size_t round_up(size_t n, size_t multiple) {
    return multiple == 0 ? n : ((n + multiple - 1) / multiple) * multiple;
}

size_t max_buffer_bytes(const Session& s) {
    return static_cast<size_t>(std::min<cl_ulong>(s.facts().max_alloc, s.facts().global_mem / 2));
}

void require_allocation(const Session& s, size_t bytes, const std::string& what) {
    const size_t limit = max_buffer_bytes(s);
    if (bytes > limit)
        throw AllocationTooLarge(what + " needs " + std::to_string(bytes >> 20) +
                                 " MiB, more than the device allows in one buffer (" +
                                 std::to_string(limit >> 20) + " MiB)");
}

cl::Event enqueue_range(cl::CommandQueue& q, const cl::Kernel& kernel, size_t global,
                        size_t local) {
    cl::Event e;
    q.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global),
                           local ? cl::NDRange(local) : cl::NullRange, nullptr, &e);
    return e;
}

void launch_and_wait(Session& s, const cl::Kernel& kernel, size_t global, double timeout_s) {
    const size_t allowed = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(s.entry.device);
    const size_t local = global % kFillLocal == 0 && allowed >= kFillLocal ? kFillLocal : 0;
    const cl::Event e = enqueue_range(s.queue, kernel, global, local);
    s.queue.flush();
    wait_for(e, timeout_s);
}

std::vector<uint64_t> read_words(Session& s, const cl::Buffer& buf, size_t first, size_t count,
                                 size_t wb) {
    std::vector<unsigned char> raw(count * wb);
    s.queue.enqueueReadBuffer(buf, CL_TRUE, first * wb, raw.size(), raw.data());
    std::vector<uint64_t> out(count);
    for (size_t i = 0; i < count; ++i) {
        uint64_t w = 0;
        std::memcpy(&w, raw.data() + i * wb, wb); // little-endian hosts
        out[i] = w;
    }
    return out;
}

std::vector<uint64_t> read_items(Session& s, const cl::Buffer& buf,
                                 const std::vector<size_t>& items, size_t total,
                                 size_t words_per_item, size_t wb) {
    if (items.size() == total) return read_words(s, buf, 0, total * words_per_item, wb);
    const size_t item_bytes = words_per_item * wb;
    std::vector<unsigned char> raw(items.size() * item_bytes);
    for (size_t i = 0; i < items.size(); ++i)
        s.queue.enqueueReadBuffer(buf, CL_FALSE, items[i] * item_bytes, item_bytes,
                                  raw.data() + i * item_bytes);
    s.queue.finish();
    std::vector<uint64_t> out(items.size() * words_per_item);
    for (size_t k = 0; k < out.size(); ++k)
        std::memcpy(&out[k], raw.data() + k * wb, wb); // little-endian hosts
    return out;
}

} // namespace clgauge
