// A benchmark is data: an id, what it needs, how to build it, and a harness that runs it.
#pragma once
#include "core/capabilities.hpp"
#include "core/program_cache.hpp"
#include "core/timing.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

enum class Unit { FlopPerSecond, OpPerSecond, BytePerSecond, Seconds };
const char* unit_name(Unit u); // "FLOP/s", "OP/s", "B/s", "s"

// Device requirements. Each unmet need makes a path unsupported, with a reason.
enum class Need {
    Fp64,
    Fp16,           // cl_khr_fp16 that compiles
    InlinePtx,      // NVIDIA inline PTX
    NvSm61,         // NVIDIA compute capability >= 6.1 (dp4a)
    NvSm80,         // NVIDIA compute capability >= 8.0 (mma.sync f16/bf16/tf32/s8/s4)
    NvSm89,         // NVIDIA compute capability >= 8.9 (mma.sync e4m3/e5m2)
    KhrSubgroups,   // cl_khr_subgroups / __opencl_c_subgroups that compile
    IntelSubgroups, // cl_intel_subgroups that compile
    IntelBlockIO,   // intel_sub_group_block_read/write that build (PoCL 5.0 lacks them)
    IntDot4x8,      // cl_khr_integer_dot_product with 4x8-bit inputs
    OpenCLC20,      // OpenCL C 2.0 or newer accepted
    OpenCLC30,      // OpenCL C 3.0 accepted (-cl-std=CL3.0)
    IntelDpas, // cl_intel_subgroup_matrix_multiply_accumulate on sub-groups of 16 that compiles
};
const char* need_name(Need n);
// Why the device does not meet `n`, or nullopt when it does.
std::optional<std::string> unmet(Need n, const Capabilities& caps);

// One way of running a benchmark (native, ptx, emulated, ...), with its build options.
struct Path {
    std::string name;
    std::vector<Need> needs;
    std::string options; // appended to the build options, e.g. "-DCLG_PATH_PTX"
};

// Everything one device needs during a run.
struct Session {
    DeviceEntry entry;
    cl::Context context;
    cl::CommandQueue queue; // in-order, profiling enabled
    Capabilities caps;
    ProgramCache programs;
    CoreEstimate cores;

    explicit Session(const DeviceEntry& e);
    const DeviceFacts& facts() const { return entry.facts; }
};

enum class Mode {
    Conformance, // a small launch, every output checked
    Perf,        // a calibrated launch, timed; a deterministic sample of outputs checked
};

struct RunOptions {
    Mode mode = Mode::Perf;
    Budget budget;
    uint32_t seed = 0x5eed2026u;
    double timeout_s = 60.0;
    // Test-only: rewrites the kernel source before it is built (planted faults).
    std::function<std::string(std::string)> mutate_source;
    // Test-only slowdown switch (CLGAUGE_TEST_SLOWDOWN): the kernel does this many times the
    // work it counts, to prove the perf verdict catches a regression.
    unsigned slowdown = 1;
    // Sweeps pin the launch instead of calibrating it (perf mode; harnesses that honor them
    // say so): the number of work-items, and the work per item (chain repeats).
    std::optional<size_t> global_size;
    std::optional<uint32_t> repeats;
    // ... and for the memory harness: the bytes of each array, and the stride of the strided
    // entries (over CLGAUGE_MEM_MIB / CLGAUGE_MEM_STRIDE).
    std::optional<size_t> array_bytes;
    std::optional<unsigned> stride;
    // Conformance launches of a few work-groups, for a simulator that interprets and checks
    // every instruction (Oclgrind): each harness keeps the code paths its normal conformance
    // launch reaches (several work-groups, a grid loop's remainder, a special tile).
    bool small_launch = false;
};

// Crashed: the process died (a signal) inside the benchmark, and clgauge resumed after it.
enum class Status { Ok, Unsupported, BuildFailed, VerifyFailed, Error, Timeout, Crashed };
const char* status_name(Status s);

struct Verification {
    size_t checked = 0, mismatches = 0;
    std::string first_mismatch; // "item 17 word 1: got 0x.. (..) expected 0x.. (..)"
    std::string degenerate;     // non-empty when the expected values prove nothing
    bool passed() const { return checked > 0 && mismatches == 0 && degenerate.empty(); }
};

struct Measurement {
    Status status = Status::Error;
    std::string reason; // unsupported / failure explanation
    // BuildFailed: the build log; otherwise what the compiler printed while building this
    // benchmark's kernels (warnings), kept here instead of between the table's rows.
    std::string build_log;
    std::string path; // the path that ran
    Timings timings;
    double work_per_launch = 0; // operations or bytes per timed launch
    size_t global_size = 0, local_size = 0;
    Verification verification;
    std::vector<std::pair<std::string, std::string>> details; // harness-specific facts
    // Unit::Seconds entries (latencies): the figure is the median time itself.
    bool time_is_figure = false;
    // The figure in the benchmark's unit: work per second from the median device time, or
    // that time itself when time_is_figure (0 when none).
    double rate() const;
};

struct Benchmark {
    std::string id;     // "fp32.fma"
    std::string family; // "fma"
    std::string label;  // console row, e.g. "FP32  compute"
    Unit unit = Unit::FlopPerSecond;
    std::vector<Path> paths; // best first
    std::string description;
    std::function<Measurement(Session&, const Benchmark&, const Path&, const RunOptions&)> run;
};

} // namespace clgauge
