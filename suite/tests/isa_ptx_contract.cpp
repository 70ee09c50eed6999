#include "isa_ptx_contract.hpp"

#include <regex>
#include <sstream>

namespace clgauge::isa {

size_t count_lines(const std::string& text, const std::string& re) {
    const std::regex r(re);
    std::istringstream in(text);
    std::string line;
    size_t n = 0;
    while (std::getline(in, line))
        n += std::regex_search(line, r) ? 1 : 0;
    return n;
}

std::vector<std::string> contract_violations(const PtxContract& c, const PtxBuild& b,
                                             const std::string& kernel) {
    const std::string where =
        std::string(c.entry) + " [" + c.path + "] " + kernel + " for " + c.arch + ": ";
    if (!b.assembled) return {where + "did not assemble:\n" + b.log};
    const auto k = b.kernels.find(kernel);
    if (k == b.kernels.end() || k->second.code.empty())
        return {where + "no SASS for the kernel in the cubin"};
    const SassKernel& sass = k->second;
    const std::string ptx = ptx_entry(b.ptx, kernel);
    std::vector<std::string> v;
    for (const SassExpect& e : c.expect) {
        const size_t in_ptx = e.ptx ? count_lines(ptx, e.ptx) : 0;
        const size_t wanted = std::max<size_t>(in_ptx * e.per_ptx, e.at_least);
        const size_t got = count_lines(sass.code, e.sass);
        if (got < wanted)
            v.push_back(where + std::to_string(got) + " SASS lines match " + e.sass + ", wanted " +
                        std::to_string(wanted) +
                        (e.ptx ? " (" + std::to_string(e.per_ptx) + " per PTX " +
                                     std::string(e.ptx) + ": " + std::to_string(in_ptx) + ")"
                               : std::string()));
    }
    for (const char* a : c.absent)
        if (const size_t n = count_lines(sass.code, a))
            v.push_back(where + std::to_string(n) + " SASS lines match " + a + ", wanted none");
    if (c.no_local_memory) {
        const size_t ldl_stl = count_lines(sass.code, R"(\b(LDL|STL)\b)");
        if (sass.stack_bytes < 0 || sass.spill_store_bytes < 0)
            v.push_back(where + "ptxas -v reported no frame for it: its local memory is unknown");
        else if (sass.stack_bytes || sass.spill_store_bytes || sass.spill_load_bytes || ldl_stl)
            v.push_back(where + "uses local memory: " + std::to_string(sass.stack_bytes) +
                        " bytes stack frame, " + std::to_string(sass.spill_store_bytes) +
                        " bytes spill stores, " + std::to_string(ldl_stl) + " LDL/STL");
    }
    if (!v.empty() && *c.why) v.push_back(std::string("the contract: ") + c.why);
    return v;
}

} // namespace clgauge::isa
