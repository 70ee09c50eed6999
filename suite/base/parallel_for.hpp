// Runs a loop's iterations on every core: the CPU models that verify a launch's output are
// pure functions of the item, and one core took seconds for some (fp16 emulated in software).
#pragma once
#include <cstddef>
#include <functional>

namespace clgauge {

// Calls body(begin, end) on disjoint ranges that cover [0, n), each range on its own thread
// (no more threads than cores, no range shorter than min_chunk); returns when all are done.
// The first exception a range throws is rethrown here.
void parallel_for(size_t n, const std::function<void(size_t begin, size_t end)>& body,
                  size_t min_chunk = 1);

} // namespace clgauge
