#include "core/program_cache.hpp"

#include "base/env.hpp"
#include "base/files.hpp"
#include "core/build_time_memo.hpp"

#include "core/kernel_report_memo.hpp"
#include "core/kernel_sources.hpp"
#include "core/program_build.hpp"

#include "base/stderr_capture.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace clgauge {

std::string program_key(const std::string& text, const std::string& options) {
    return fnv1a64_hex(text + '\0' + options);
}

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

CodeIdentity ProgramCache::take_code() {
    std::vector<CodeIdentity> codes;
    for (const Built* b : std::exchange(used_, {}))
        codes.push_back(b->code);
    return combine(codes);
}

CodeIdentity ProgramCache::identify(const cl::Program& program, const std::string& options,
                                    const std::string& log) const {
    CodeIdentity code;
    if (!identify_code_ && !keep_device_code_) return code;
    std::vector<std::string> binaries;
    try {
        for (const auto& bin : program.getInfo<CL_PROGRAM_BINARIES>())
            binaries.emplace_back(bin.begin(), bin.end());
    } catch (const cl::Error&) {
        return code; // a device that gives no binary: its code stays unknown, nothing fails
    }
    if (std::all_of(binaries.begin(), binaries.end(), [](const auto& b) { return b.empty(); }))
        return code;
    code.fingerprint = program_fingerprint(binaries, options);
    code.build_options = options;
    if (keep_device_code_) code.device_code = binaries;
    if (report_resources_) {
        // A build the driver's cache served reports nothing: the report of the build that
        // compiled this code is recalled (kernel_report_memo.hpp).
        const std::string key = code.fingerprint + "-" + device_.getInfo<CL_DRIVER_VERSION>() +
                                "-" + device_.getInfo<CL_DEVICE_NAME>();
        code.kernels = parse_ptxas_resources(log);
        if (!code.kernels.empty())
            remember_resource_report(key, log);
        else if (const auto recalled = recall_resource_report(key))
            code.kernels = parse_ptxas_resources(*recalled);
        code.resources_reported = !code.kernels.empty();
    }
    return code;
}

std::string ProgramCache::built_with(const std::string& options) const {
    return report_resources_ ? options + (options.empty() ? "" : " ") + "-cl-nv-verbose" : options;
}

const cl::Program& ProgramCache::build(const std::string& text, const std::string& options,
                                       const std::string& name) {
    auto key = std::make_pair(text, options);
    auto it = programs_.find(key);
    if (it == programs_.end()) {
        if (discovering_) {
            discovered_.push_back(std::move(key));
            throw ProgramDiscovered{};
        }
        if (auto ahead = prebuilt_.find(key); ahead != prebuilt_.end()) {
            dump_binaries(ahead->second.built.program, text, options, ahead->second.log);
            Built b = std::move(ahead->second.built);
            prebuilt_.erase(ahead);
            it = programs_.emplace(std::move(key), std::move(b)).first;
        } else {
            if (build_observer_) build_observer_(program_key(text, options));
            cl::Program program(context_, text);
            const BuildOutcome built =
                build_program(program, device_, built_with(options), report_resources_);
            if (!built.ok())
                throw BuildFailure("kernel build failed (" +
                                       std::string(cl_error_name(built.error)) + ", options '" +
                                       built_with(options) + "')",
                                   built.full_log());
            // The resource report is not a warning: only what the compiler said besides it is.
            const std::string said = without_resource_report(built.full_log());
            if (!built.printed.empty() && !said.empty())
                compiler_output_ += name + " (options '" + options + "'):\n" + said;
            dump_binaries(program, text, options, built.build_log);
            Built b{program, identify(program, options, built.build_log)};
            it = programs_.emplace(std::move(key), std::move(b)).first;
        }
    }
    // Built while identification was off, asked for by a run that identifies its code.
    if (identify_code_ && !it->second.code.known())
        it->second.code = identify(it->second.program, options, "");
    if (std::find(used_.begin(), used_.end(), &it->second) == used_.end())
        used_.push_back(&it->second);
    return it->second.program;
}

std::optional<std::string> ProgramCache::discover(const std::function<void()>& first_steps) {
    const size_t noted = discovered_.size();
    discovering_ = true;
    try {
        first_steps();
    } catch (...) { // ProgramDiscovered, or an error the real run reports
    }
    discovering_ = false;
    if (discovered_.size() == noted) return std::nullopt;
    return program_key(discovered_.back().first, discovered_.back().second);
}

void ProgramCache::build_discovered(unsigned threads, const BuildProgress& progress) {
    std::vector<std::pair<std::string, std::string>> keys;
    for (auto& k : discovered_)
        if (!programs_.count(k) && !prebuilt_.count(k) &&
            std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(std::move(k));
    discovered_.clear();
    // Each compile begun in time for the run's need (core/build_time_memo.hpp: build_order):
    // every process that discovered the same programs orders them alike, so the indices a
    // queue hands out name the same ones.
    const std::string device_name = device_.getInfo<CL_DEVICE_NAME>();
    {
        std::vector<std::optional<double>> seconds;
        for (const auto& k : keys)
            seconds.push_back(recall_build_seconds(program_key(k.first, k.second), device_name));
        std::vector<std::pair<std::string, std::string>> ordered;
        for (const size_t i : build_order(seconds))
            ordered.push_back(std::move(keys[i]));
        keys = std::move(ordered);
    }
    struct Ahead {
        std::optional<cl::Program> program;
        CodeIdentity code;
        std::string log;
        bool quiet = false; // the compiler said nothing but its resource report
        double seconds = -1; // its compile, where it compiled
    };
    if (progress.listed) {
        std::vector<std::string> names;
        for (const auto& k : keys)
            names.push_back(program_key(k.first, k.second));
        progress.listed(names);
    }
    std::vector<Ahead> built(keys.size());
    std::atomic<size_t> next{0};
    std::mutex drawing; // progress.next is called by one thread at a time
    constexpr size_t kNoMore = SIZE_MAX;
    auto draw = [&]() -> size_t {
        if (!progress.next) {
            const size_t i = next++;
            return i < keys.size() ? i : kNoMore;
        }
        const std::lock_guard<std::mutex> hold(drawing);
        return progress.next().value_or(kNoMore);
    };
    auto worker = [&] {
        for (size_t i; (i = draw()) != kNoMore;) {
            if (i >= keys.size()) continue; // a queue laid out for any number of programs
            if (progress.started) progress.started(program_key(keys[i].first, keys[i].second));
            try {
                const auto began = std::chrono::steady_clock::now();
                cl::Program program(context_, keys[i].first);
                program.build(std::vector<cl::Device>{device_}, built_with(keys[i].second).c_str());
                built[i].seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
                built[i].log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
                built[i].quiet =
                    without_resource_report(built[i].log).find_first_not_of(" \t\r\n") ==
                    std::string::npos;
                // Identified here, where the log is, before the program is announced: the
                // run that waits for it reads its resource report from the memo
                // (kernel_report_memo.hpp), since its own build is a cache hit with an empty log.
                built[i].code = identify(program, keys[i].second, built[i].log);
                built[i].program = std::move(program);
            } catch (...) { // get() builds it again and reports the failure
            }
            if (progress.done) progress.done(program_key(keys[i].first, keys[i].second));
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
    // Kept once every build is done, not as each ends: the other processes of the run order
    // their programs by the memo as they discover them, and must find the one this found.
    for (size_t i = 0; i < keys.size(); ++i)
        if (built[i].seconds >= 0)
            remember_build_seconds(program_key(keys[i].first, keys[i].second), device_name,
                                   built[i].seconds);
    for (size_t i = 0; i < keys.size(); ++i) {
        if (!built[i].program) continue;
        Built b{*built[i].program, std::move(built[i].code)};
        if (!printed || built[i].quiet)
            prebuilt_.emplace(std::move(keys[i]), Prebuilt{std::move(b), std::move(built[i].log)});
    }
}

void ProgramCache::dump_binaries(const cl::Program& program, const std::string& text,
                                 const std::string& options, const std::string& log) const {
    const std::string dir = env_text("CLGAUGE_DUMP_BINARIES");
    if (dir.empty()) return;
    // Named by a hash of source and options: one file per distinct build.
    const size_t h = std::hash<std::string>{}(text + '\0' + options);
    char name[64];
    std::snprintf(name, sizeof name, "program-%016zx", h);
    const std::string base = (std::filesystem::path(dir) / name).string();
    write_output_file(base + ".cl", "// options: " + options + "\n" + text);
    if (!log.empty()) write_output_file(base + ".log", log);
    for (const auto& bin : program.getInfo<CL_PROGRAM_BINARIES>())
        write_output_file(base + ".bin", std::string(bin.begin(), bin.end()));
}

} // namespace clgauge
