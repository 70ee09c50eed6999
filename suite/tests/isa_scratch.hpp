// A temporary folder for one offline compile, removed with everything in it.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace clgauge::isa {

struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const std::string& kind) {
        std::string tmpl =
            (std::filesystem::temp_directory_path() / ("clgauge-isa-" + kind + "-XXXXXX")).string();
        if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed for " + tmpl);
        path = tmpl;
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
};

} // namespace clgauge::isa
