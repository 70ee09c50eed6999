#include "base/clipped_text.hpp"

namespace clgauge {

std::string clipped(const std::string& text, size_t max) {
    if (text.size() <= max) return text;
    // The tail often says what to do; the head says what the value was.
    const size_t tail = max / 3, head = max - tail;
    return text.substr(0, head) + " ... [" + std::to_string(text.size() - head - tail) +
           " characters left out] ... " + text.substr(text.size() - tail);
}

} // namespace clgauge
