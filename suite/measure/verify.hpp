// Comparing device output words with the CPU reference, shared by every harness.
#pragma once
#include "measure/phase_clock.hpp"
#include "types/benchmark.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace clgauge {

// How a stored word is read when printed and when judged degenerate.
enum class WordKind { U16x2, U32, U64, F16x2, F32, F64 };
std::string describe_word(uint64_t bits, WordKind kind);
// True when the word is Inf/NaN (any lane) for float kinds.
bool word_not_finite(uint64_t bits, WordKind kind);

// Every item when count >= n, else `count` items spread over [0, n) plus both ends;
// deterministic so a rerun checks the same items.
std::vector<size_t> sample_items(size_t n, size_t count);
// The items a launch of `n` is checked at: every one in conformance, `perf_count` of them
// (sample_items) in perf, where a launch holds tens of millions.
std::vector<size_t> check_sample(Mode mode, size_t n, size_t perf_count);

// Bit-exact comparison of got vs expected (both words_per_item words per checked item, in
// the order of `items`), plus the degeneracy check on the expected values: not all equal,
// no Inf/NaN.
Verification compare_exact(const std::vector<size_t>& items, size_t words_per_item,
                           const std::vector<uint64_t>& got, const std::vector<uint64_t>& expected,
                           WordKind kind);

// The CPU's words for `items`, words_per_item each in their order: reference(item, out) writes
// one item's; it runs on every core, so it must not share state between items.
std::vector<uint64_t> expected_words(const std::vector<size_t>& items, size_t words_per_item,
                                     const std::function<void(size_t, uint64_t*)>& reference);

// Sets m.status from m.verification and, on failure, m.reason: "<mismatches> of <checked>
// <noun> differ; first: ...", the degeneracy, or that nothing was checked.
void apply_verification(Measurement& m, const std::string& noun = "words");

} // namespace clgauge
