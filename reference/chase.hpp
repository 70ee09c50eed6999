// CPU model of kernels/chase.cl: the permutation the kernel follows and where it ends.
#pragma once
#include "reference/inputs.hpp"

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace clgauge::ref {

// A random cyclic permutation of `lines` cache lines, built with Sattolo's algorithm (every
// line lies on the one cycle), with each line's position on the cycle to find in O(1) where a
// walk of any length ends.
class ChaseCycle {
  public:
    ChaseCycle(uint32_t seed, uint32_t lines) : next_(lines), order_(lines), position_(lines) {
        if (lines == 0) throw std::invalid_argument("a chase cycle needs at least one line");
        for (uint32_t i = 0; i < lines; ++i)
            next_[i] = i;
        // Sattolo: j < i (never j == i), so the result is a single cycle.
        for (uint32_t i = lines - 1; i > 0; --i) {
            const uint32_t j = rand(seed, i, 7) % i;
            std::swap(next_[i], next_[j]);
        }
        uint32_t line = 0;
        for (uint32_t k = 0; k < lines; ++k) {
            order_[k] = line;
            position_[line] = k;
            line = next_[line];
        }
        if (line != 0) throw std::logic_error("Sattolo's permutation is not one cycle");
    }
    uint32_t lines() const { return uint32_t(next_.size()); }
    uint32_t next(uint32_t line) const { return next_[line]; }
    // The line a walk from `line` reaches after `steps` steps.
    uint32_t after(uint32_t line, uint64_t steps) const {
        return order_[(position_[line] + steps % lines()) % lines()];
    }

  private:
    std::vector<uint32_t> next_, order_, position_;
};

// The buffer the kernel reads: `words_per_line` words per line; a line's first word is the
// word index of its successor's first word, the others the line's own first word (a walk that
// reads a wrong word stalls in place, and every index stays inside the buffer).
inline std::vector<uint32_t> chase_words(const ChaseCycle& c, uint32_t words_per_line) {
    std::vector<uint32_t> w(size_t(c.lines()) * words_per_line);
    for (uint32_t line = 0; line < c.lines(); ++line) {
        const size_t at = size_t(line) * words_per_line;
        for (uint32_t k = 1; k < words_per_line; ++k)
            w[at + k] = uint32_t(at);
        w[at] = c.next(line) * words_per_line;
    }
    return w;
}

} // namespace clgauge::ref
