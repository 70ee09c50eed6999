#include "run/progress_line.hpp"

namespace clgauge {

void ProgressLine::show(const std::string& stage, size_t done, size_t total,
                        const std::string& what) {
    if (!out_) return;
    std::string line = "[" + (stage.empty() ? "" : stage + ", ") + std::to_string(done + 1) + "/" +
                       std::to_string(total) + "] " + what;
    // Blanks over the rest of a longer line before it.
    const size_t width = line.size();
    if (width < shown_) line.append(shown_ - width, ' ');
    *out_ << "\r" << line << std::flush;
    shown_ = width;
}

void ProgressLine::clear() {
    if (!out_ || shown_ == 0) return;
    *out_ << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
    shown_ = 0;
}

} // namespace clgauge
