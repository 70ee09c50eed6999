// Builds OpenCL programs from embedded sources, once per (source, options) in a run, and keeps
// what code each became (code_identity.hpp) for the benchmark that uses it.
#pragma once
#include "core/code_identity.hpp"
#include "core/opencl.hpp"

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

// A program's name across processes: FNV-1a 64 of its source text and the caller's options. A
// build process (build_workers.hpp) announces the programs it builds by it.
std::string program_key(const std::string& text, const std::string& options);

// How build_discovered shares its programs with other processes, and what it tells as it goes.
// `next`, where set, gives the index (in the order discovered) of the next program to build,
// or nothing once there is none (an index past the programs is passed over): processes that
// discovered the same programs and draw their indices from one queue (build_workers.hpp) build
// each program once between them. `listed` is called once with the keys of every program to
// build, in order, before any is built; `started` with each program's key as its build begins,
// `done` as it ends (failed or not), from the building threads.
struct BuildProgress {
    std::function<std::optional<size_t>()> next;
    std::function<void(const std::vector<std::string>& keys)> listed;
    std::function<void(const std::string& key)> started;
    std::function<void(const std::string& key)> done;
};

// A kernel that did not compile; what() carries the options and the full build log.
struct BuildFailure : std::runtime_error {
    std::string log;
    BuildFailure(const std::string& what, std::string build_log)
        : std::runtime_error(what), log(std::move(build_log)) {}
};

// Thrown by get() while discovering (ProgramCache::discover): the harness stops at the first
// program it asks for, which is noted to be built ahead.
struct ProgramDiscovered {};

// Thrown by a build observer where the program asked for is one another process is still
// compiling and the run would rather measure another entry meanwhile (process/build_pool.hpp):
// the run's loop measures the entry later (run/measure_each.hpp). Not a std::exception, so that
// no harness or runner takes it for the entry's failure.
struct BuildPending {
    std::string key; // the program's (program_key)
};

class ProgramCache {
  public:
    // report_resources: build with -cl-nv-verbose and read the compiler's resource report from
    // the build log (NVIDIA); the options a caller passes, and the fingerprint's, stay its own.
    ProgramCache(cl::Context context, cl::Device device, bool report_resources = false)
        : context_(std::move(context)), device_(std::move(device)),
          report_resources_(report_resources) {}

    // file: a name under kernels/ ("fma.cl"); text_filter lets a self-test plant a fault
    // in the source before it is compiled (cached under the filtered text).
    const cl::Program& get(const std::string& file, const std::string& options,
                           const std::function<std::string(std::string)>& text_filter = {});
    const cl::Program& get_source(const std::string& text, const std::string& options);

    // The logs of the successful builds since the last call whose compiler printed to stderr
    // (warnings), with what it printed, each headed by the kernel file and options; the
    // runner keeps them with the benchmark's result, never between the table's rows.
    std::string take_compiler_output();

    // Runs `first_steps` (a benchmark up to its first program) with get() noting the program
    // it asks for instead of building it, and returns its key (program_key), nothing where it
    // asked for none this cache has not built. Anything `first_steps` throws is dropped: the
    // real run meets it again.
    std::optional<std::string> discover(const std::function<void()>& first_steps);
    // Drops what discover() noted, unbuilt (a run that only wanted to know the programs).
    void forget_discovered() { discovered_.clear(); }
    // Builds the programs discover() noted, `threads` at a time, so that a run's builds
    // overlap instead of queueing (a cold driver takes seconds for some). A build that fails
    // or that printed to stderr is left to get(), which reports it with its benchmark.
    // With progress.next, only the programs it hands out are built.
    void build_discovered(unsigned threads, const BuildProgress& progress = {});
    // Called with a program's key before this cache builds it on demand (the driver's own
    // cache may have it: the table counts the builds its build workers had made). It may
    // throw BuildPending, before anything is built.
    void set_build_observer(std::function<void(const std::string& key)> observer) {
        build_observer_ = std::move(observer);
    }
    // Keep each program's device binaries in its CodeIdentity (the work audit reads them).
    void keep_device_code(bool keep) { keep_device_code_ = keep; }
    // Identify the programs built from now on (RunOptions::build.identify_code); off, their code
    // stays unknown unless keep_device_code asks for it.
    void identify_code(bool identify) { identify_code_ = identify; }
    // The code of the programs got (built or found in the cache) since the last call, combined
    // (code_identity.hpp); the runner attaches it to the benchmark's measurement.
    CodeIdentity take_code();

  private:
    struct Built {
        cl::Program program;
        CodeIdentity code;
    };
    const cl::Program& build(const std::string& text, const std::string& options,
                             const std::string& name);
    // The options given to the compiler: the caller's, and -cl-nv-verbose for the resources.
    std::string built_with(const std::string& options) const;
    // CLGAUGE_DUMP_BINARIES=DIR: writes each built program's source and device binary (PTX
    // text on NVIDIA) there, to read what the driver's compiler made of a kernel, and the
    // build log where it was read (NVIDIA: the resource report the fingerprint's kernels
    // come from).
    void dump_binaries(const cl::Program& program, const std::string& text,
                       const std::string& options, const std::string& log) const;

    CodeIdentity identify(const cl::Program& program, const std::string& options,
                          const std::string& log) const;

    cl::Context context_;
    cl::Device device_;
    bool report_resources_ = false;
    bool keep_device_code_ = false;
    bool identify_code_ = true;
    std::map<std::pair<std::string, std::string>, Built> programs_;
    std::vector<const Built*> used_; // since take_code(), each once, in the order first used
    // Built ahead (build_discovered), with their build logs, until get() asks for them.
    struct Prebuilt {
        Built built;
        std::string log; // for CLGAUGE_DUMP_BINARIES
    };
    std::map<std::pair<std::string, std::string>, Prebuilt> prebuilt_;
    std::vector<std::pair<std::string, std::string>> discovered_;
    bool discovering_ = false;
    std::string compiler_output_;
    std::function<void(const std::string& key)> build_observer_;
};

} // namespace clgauge
