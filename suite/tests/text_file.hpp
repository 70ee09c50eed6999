// The whole text of a file, for tests that read the source tree or what a run wrote.
#pragma once
#include "base/files.hpp"

#include <filesystem>
#include <string>

namespace clgauge::test {

inline std::string read_text(const std::filesystem::path& p) {
    return read_file_text(p.string()).value_or("");
}

} // namespace clgauge::test
