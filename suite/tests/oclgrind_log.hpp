// Reads what Oclgrind reports (its --log file): every diagnostic, grouped by kind and place.
// Any finding fails an oclgrind case: a data race, an invalid read or write, an uninitialized
// value, barrier or work-group divergence, an API error (--check-api), or anything else
// Oclgrind prints there.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace clgauge::test {

struct OclgrindFinding {
    std::string headline; // "Invalid read of size 4 at global memory address 0x.."
    std::string kernel;   // "Kernel: NAME", or the API function of a runtime error
    std::string line;     // "line 60" of the built source, or the API error code
    size_t count = 0;     // how many reports had this headline, kernel and line
};

// Headlines are kept with addresses replaced by "0x.." so that one defect in many work-items
// is one finding with a count. Oclgrind's own "N errors generated - suppressing further
// errors" note is not a finding (the reports before it are).
std::vector<OclgrindFinding> parse_oclgrind_log(const std::string& log);

// One line per finding: "3x Invalid read of size 4 ... (kernel stream_copy, line 12)".
std::string describe(const std::vector<OclgrindFinding>& findings);

} // namespace clgauge::test
