// Launch geometry and allocation limits shared by the harnesses.
#pragma once
#include "core/memory_peak.hpp"
#include "measure/kernel_build.hpp"
#include "measure/timing.hpp"
#include "types/benchmark.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace clgauge {

// A launch this device cannot make (a work-group or a buffer beyond its limits): the
// benchmark is unsupported here, with the message as the reason, not failed (run/runner.cpp).
struct DeviceLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct AllocationTooLarge : DeviceLimit {
    using DeviceLimit::DeviceLimit;
};

// Work-group size: `preferred`, reduced to what the kernel and device allow.
size_t pick_local_size(const cl::Kernel& kernel, const Session& s, size_t preferred = 256);
// The work-group size `kernel` allows on this device (CL_KERNEL_WORK_GROUP_SIZE, within the
// device's maximum).
size_t kernel_work_group_limit(const cl::Kernel& kernel, const Session& s);
// Throws DeviceLimit when `kernel` cannot run work-groups of `local` work-items here.
void require_work_group(const cl::Kernel& kernel, const Session& s, size_t local);
size_t round_up(size_t n, size_t multiple);
// The largest buffer this device lets one allocate (min of max alloc and half of global memory).
size_t max_buffer_bytes(const Session& s);
// Throws AllocationTooLarge naming both sizes when bytes exceeds max_buffer_bytes.
void require_allocation(const Session& s, size_t bytes, const std::string& what);

// Enqueues `kernel` over `global` work-items in groups of `local` (0: the implementation
// chooses) and returns its event.
cl::Event enqueue_range(cl::CommandQueue& q, const cl::Kernel& kernel, size_t global,
                        size_t local = 0);
// The fills' work-group size: one for every fill, so that a driver that compiles a kernel for
// each work-group size at its first launch (PoCL) compiles a fill once.
inline constexpr size_t kFillLocal = 64;
// enqueue_range on the session's queue, in groups of kFillLocal where `global` is a multiple
// the kernel allows, then waits for it, failing after timeout_s: the harnesses' fill kernels,
// outside the timed launches.
void launch_and_wait(Session& s, const cl::Kernel& kernel, size_t global, double timeout_s);

// Sets `kernel`'s arguments, from the first, in order (each of the type the kernel takes).
template <class... Args> void set_args(cl::Kernel& kernel, const Args&... args) {
    cl_uint index = 0;
    (kernel.setArg(index++, args), ...);
}

// A fill kernel over `words` elements of `buf` (clgauge_memory.h's clg_fill_*, cache.cl's
// cache_fill: the buffer, the count, then `more`), at most 2^20 work-items that loop over the
// rest, waited for: outside the timed launches.
template <class... More>
void fill_buffer(Session& s, cl::Kernel& kernel, const cl::Buffer& buf, size_t words,
                 double timeout_s, const More&... more) {
    set_args(kernel, buf, static_cast<cl_uint>(words), more...);
    launch_and_wait(s, kernel, round_up(std::min<size_t>(words, size_t(1) << 20), 64), timeout_s);
}

// Words first .. first+count of `buf`, each word_bytes wide (up to 8), widened to 64 bits.
std::vector<uint64_t> read_words(Session& s, const cl::Buffer& buf, size_t first, size_t count,
                                 size_t word_bytes);

// The words of `items` of `buf` (words_per_item each, word_bytes wide; item i at word
// i * words_per_item), widened to 64 bits, in the order of `items`: the whole buffer in one
// read where `items` are all `total` of its items, else each item's own words (a GPU launch's
// output holds tens of millions of words where a perf check samples a few thousand).
std::vector<uint64_t> read_items(Session& s, const cl::Buffer& buf,
                                 const std::vector<size_t>& items, size_t total,
                                 size_t words_per_item, size_t word_bytes);

} // namespace clgauge
