#include "core/program_cache.hpp"

#include "core/env.hpp"

#include "core/kernel_sources.hpp"
#include "core/program_build.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <utility>

namespace clgauge {

const cl::Program& ProgramCache::get(const std::string& file, const std::string& options,
                                     const std::function<std::string(std::string)>& text_filter) {
    std::string text = kernel_source(file);
    if (text_filter) text = text_filter(std::move(text));
    return build(text, options, file);
}

const cl::Program& ProgramCache::get_source(const std::string& text, const std::string& options) {
    return build(text, options, "a generated source");
}

std::string ProgramCache::take_compiler_output() {
    return std::exchange(compiler_output_, {});
}

const cl::Program& ProgramCache::build(const std::string& text, const std::string& options,
                                       const std::string& name) {
    auto key = std::make_pair(text, options);
    if (auto it = programs_.find(key); it != programs_.end()) return it->second;
    cl::Program program(context_, text);
    const BuildOutcome built = build_program(program, device_, options);
    if (!built.ok())
        throw BuildFailure("kernel build failed (" + std::string(cl_error_name(built.error)) +
                               ", options '" + options + "')",
                           built.full_log());
    if (!built.printed.empty())
        compiler_output_ += name + " (options '" + options + "'):\n" + built.full_log();
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
