// The whole text of a file, for tests that read the source tree or what a run wrote.
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace clgauge::test {

inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace clgauge::test
