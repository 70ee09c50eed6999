#include "core/program_cache.hpp"

#include "core/env.hpp"

#include "core/kernel_sources.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

namespace clgauge {

const cl::Program& ProgramCache::get(const std::string& file, const std::string& options,
                                     const std::function<std::string(std::string)>& text_filter) {
    std::string text = kernel_source(file);
    if (text_filter) text = text_filter(std::move(text));
    return get_source(text, options);
}

const cl::Program& ProgramCache::get_source(const std::string& text, const std::string& options) {
    auto key = std::make_pair(text, options);
    if (auto it = programs_.find(key); it != programs_.end()) return it->second;
    cl::Program program(context_, text);
    try {
        program.build(std::vector<cl::Device>{device_}, options.c_str());
    } catch (const cl::Error& e) {
        std::string log;
        try {
            log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
        } catch (const cl::Error&) {
        }
        throw BuildFailure("kernel build failed (" + std::string(cl_error_name(e.err())) +
                               ", options '" + options + "')",
                           log);
    }
    dump_binaries(program, text, options);
    return programs_.emplace(std::move(key), std::move(program)).first->second;
}

void ProgramCache::dump_binaries(const cl::Program& program, const std::string& text,
                                 const std::string& options) const {
    const std::string dir = env_text("CLGAUGE_DUMP_BINARIES");
    if (dir.empty()) return;
    // Named by a hash of source and options: one file per distinct build.
    const size_t h = std::hash<std::string>{}(text + '\0' + options);
    char name[64];
    std::snprintf(name, sizeof name, "program-%016zx", h);
    std::filesystem::create_directories(dir);
    const std::filesystem::path base = std::filesystem::path(dir) / name;
    std::ofstream(base.string() + ".cl") << "// options: " << options << "\n" << text;
    for (const auto& bin : program.getInfo<CL_PROGRAM_BINARIES>())
        std::ofstream(base.string() + ".bin", std::ios::binary)
            .write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
}

} // namespace clgauge
