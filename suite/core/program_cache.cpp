#include "core/program_cache.hpp"

#include "core/env.hpp"

#include "core/kernel_sources.hpp"
#include "core/phase_clock.hpp"
#include "core/program_build.hpp"

#include "core/stderr_capture.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <thread>
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
    if (discovering_) {
        discovered_.push_back(std::move(key));
        throw ProgramDiscovered{};
    }
    PhaseScope building(Phase::Build);
    if (auto it = prebuilt_.find(key); it != prebuilt_.end()) {
        cl::Program program = std::move(it->second);
        prebuilt_.erase(it);
        dump_binaries(program, text, options);
        return programs_.emplace(std::move(key), std::move(program)).first->second;
    }
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

void ProgramCache::discover(const std::function<void()>& first_steps) {
    discovering_ = true;
    try {
        first_steps();
    } catch (...) { // ProgramDiscovered, or an error the real run reports
    }
    discovering_ = false;
}

void ProgramCache::build_discovered(unsigned threads, unsigned part, unsigned parts) {
    PhaseScope building(Phase::Build);
    std::vector<std::pair<std::string, std::string>> keys;
    for (auto& k : discovered_)
        if (!programs_.count(k) && !prebuilt_.count(k) &&
            std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(std::move(k));
    discovered_.clear();
    if (parts > 1) {
        std::vector<std::pair<std::string, std::string>> mine;
        for (size_t i = part; i < keys.size(); i += parts)
            mine.push_back(std::move(keys[i]));
        keys = std::move(mine);
    }
    struct Built {
        std::optional<cl::Program> program;
        bool quiet = false; // an empty build log
    };
    std::vector<Built> built(keys.size());
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i; (i = next++) < keys.size();)
            try {
                cl::Program program(context_, keys[i].first);
                program.build(std::vector<cl::Device>{device_}, keys[i].second.c_str());
                const std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
                built[i].quiet = log.find_first_not_of(" \t\r\n") == std::string::npos;
                built[i].program = std::move(program);
            } catch (const cl::Error&) { // get() builds it again and reports the failure
            }
    };
    // Drivers print warnings to fd 2 (PoCL, Intel): caught for the whole batch, since it
    // cannot be told whose they were.
    StderrCapture capture;
    {
        std::vector<std::jthread> pool;
        for (size_t t = 0; t < std::clamp<size_t>(keys.size(), 1, threads); ++t)
            pool.emplace_back(worker);
    }
    const bool printed = !capture.finish().empty();
    for (size_t i = 0; i < keys.size(); ++i)
        if (built[i].program && (!printed || built[i].quiet))
            prebuilt_.emplace(std::move(keys[i]), std::move(*built[i].program));
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
