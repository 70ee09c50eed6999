// The one line a run shows on a terminal while it measures ("[round 2/3, 5/112] fp32.fma"),
// rewritten in place and cleared when the run is done. Every mode writes it the same way; a
// log (no terminal) gets nothing.
#pragma once
#include <cstddef>
#include <ostream>
#include <string>

namespace clgauge {

class ProgressLine {
  public:
    // `out` null: shows nothing.
    explicit ProgressLine(std::ostream* out = nullptr) : out_(out) {}
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // Entry `done` + 1 of `total`, named `what`, is being measured; `stage` ("round 2/3", a
    // sweep's name; "" for none) is shown before the count.
    void show(const std::string& stage, size_t done, size_t total, const std::string& what);
    // Takes the line off the terminal (again after a show).
    void clear();

  private:
    std::ostream* out_;
    size_t shown_ = 0; // characters on the terminal now
};

} // namespace clgauge
