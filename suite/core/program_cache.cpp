#include "core/program_cache.hpp"

#include "core/kernel_sources.hpp"

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
    return programs_.emplace(std::move(key), std::move(program)).first->second;
}

} // namespace clgauge
