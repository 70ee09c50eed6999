// label oclgrind: every registry entry's paths that an OpenCL 1.2 device can run (portable and
// emulated: no ptx, khr, intel, dpas or fp16 needs), each in a small conformance launch on
// the Oclgrind simulator with its checks on (data races, out-of-bounds accesses, uninitialized
// values, barrier divergence, API errors). A case fails on any Oclgrind report, on a crash of
// the simulator, or when the verification fails; skipped where oclgrind is not installed
// (CLGAUGE_OCLGRIND names another binary). docs/oclgrind.md says what each report meant.
#include "oclgrind_log.hpp"
#include "registry/registry.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace clgauge::test {
namespace {

namespace fs = std::filesystem;

// The options every case runs with. -cl-opt-disable: with the optimizer on, Oclgrind 21.10
// reports "Uninitialized value written" for every vector a kernel builds and stores, because
// LLVM stores an undef vector and then its lanes (docs/reproducers/oclgrind/vector_store);
// unoptimized code is what the OpenCL C source says, which is what this suite checks.
const std::vector<std::string> kOclgrindChecks = {
    "--data-races", "--uninitialized", "--check-api",    "--num-threads", "1", "--max-errors",
    "100",          "--build-options", "-cl-opt-disable"};

// Checks Oclgrind 21.10 cannot make on some entries' kernels: the case runs without that one
// check, every other still on, and prints why (docs/oclgrind.md, "What it found").
struct CheckLimit {
    const char* id_prefix;
    const char* check;
    const char* reason;
};
const CheckLimit kCheckLimits[] = {
    {"image.read.", "--uninitialized",
     "Oclgrind 21.10 takes values read with read_image* as uninitialized, however the image "
     "was written (docs/reproducers/oclgrind/image_read.c)"},
};

// kOclgrindChecks less the checks kCheckLimits turns off for `id`.
std::vector<std::string> checks_for(const std::string& id) {
    std::vector<std::string> checks = kOclgrindChecks;
    for (const auto& l : kCheckLimits)
        if (id.rfind(l.id_prefix, 0) == 0) std::erase(checks, std::string(l.check));
    return checks;
}

std::optional<std::string> oclgrind_binary() {
    const char* env = std::getenv("CLGAUGE_OCLGRIND");
    const std::string name = env && *env ? env : "oclgrind";
    if (name.find('/') != std::string::npos)
        return fs::exists(name) ? std::optional(name) : std::nullopt;
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    for (std::string dir; std::getline(dirs, dir, ':');)
        if (!dir.empty() && access((fs::path(dir) / name).c_str(), X_OK) == 0)
            return (fs::path(dir) / name).string();
    return std::nullopt;
}

struct OclgrindRun {
    int exit_code = -1; // the worker's exit status, or 128 + signal when it was killed
    std::string output; // its stdout and stderr
    std::vector<OclgrindFinding> findings;
};

// Runs the worker under oclgrind; its output and Oclgrind's log go to files named after the
// case in the test's working directory (kept for a failing case).
OclgrindRun run_under_oclgrind(const std::string& oclgrind, const std::string& id,
                               const std::string& path,
                               const std::vector<std::string>& plant = {}) {
    std::string stem = "oclgrind_" + id + "_" + path + (plant.empty() ? "" : "_planted");
    std::replace_if(
        stem.begin(), stem.end(), [](char c) { return !std::isalnum(c) && c != '_'; }, '_');
    const fs::path log = fs::absolute(stem + ".log"), out = fs::absolute(stem + ".out");
    fs::remove(log);
    std::vector<std::string> args{oclgrind};
    const auto checks = checks_for(id);
    args.insert(args.end(), checks.begin(), checks.end());
    args.insert(args.end(), {"--log", log.string(), CLGAUGE_OCLGRIND_WORKER, id, path});
    args.insert(args.end(), plant.begin(), plant.end());
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = 0;
    const int err = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (err != 0) throw std::runtime_error("cannot start " + oclgrind + ": " + std::strerror(err));
    int status = 0;
    waitpid(pid, &status, 0);

    OclgrindRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.output = test::read_text(out);
    r.findings = parse_oclgrind_log(test::read_text(log));
    return r;
}

// What an OpenCL 1.2 device can run: paths whose only possible needs are fp64 and images (both
// optional OpenCL 1.2 features; the worker reports a path the simulator lacks as unsupported).
bool runs_on_opencl12(const ImplPath& p) {
    return std::all_of(p.needs.begin(), p.needs.end(),
                       [](Need n) { return n == Need::Fp64 || n == Need::Images; });
}

std::vector<std::string> entry_ids() {
    std::vector<std::string> ids;
    for (const auto& b : registry())
        ids.push_back(b.id);
    return ids;
}

std::string case_name(const std::string& id) {
    std::string s = id;
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

class Oclgrind : public ::testing::TestWithParam<std::string> {};

TEST_P(Oclgrind, NoReportAndVerified) {
    const Benchmark* b = find_benchmark(GetParam());
    ASSERT_NE(b, nullptr);
    std::vector<const ImplPath*> paths;
    for (const auto& p : b->paths)
        if (runs_on_opencl12(p)) paths.push_back(&p);
    if (paths.empty()) {
        std::string needs; // "khr: 64-bit atomics; ptx: inline PTX"
        for (const auto& p : b->paths) {
            needs += (needs.empty() ? "" : "; ") + p.name + ":";
            for (Need n : p.needs)
                needs += std::string(" ") + need_name(n);
        }
        GTEST_SKIP() << b->id << ": no path an OpenCL 1.2 device can run (" << needs << ")";
    }
    const auto oclgrind = oclgrind_binary();
    if (!oclgrind)
        GTEST_SKIP() << "oclgrind is not installed (Debian package oclgrind; scripts/setup)";
    for (const auto& l : kCheckLimits)
        if (b->id.rfind(l.id_prefix, 0) == 0)
            std::cout << b->id << ": without " << l.check << ": " << l.reason << "\n";
    size_t ran = 0;
    for (const ImplPath* p : paths) {
        const OclgrindRun r = run_under_oclgrind(*oclgrind, b->id, p->name);
        std::cout << r.output;
        if (r.exit_code == 3) { // fp64 or an image format the simulator was built without
            std::cout << b->id << " [" << p->name << "]: unsupported on Oclgrind\n";
            continue;
        }
        ++ran;
        EXPECT_TRUE(r.findings.empty()) << b->id << " [" << p->name << "]: Oclgrind reported\n"
                                        << describe(r.findings);
        EXPECT_EQ(r.exit_code, 0) << b->id << " [" << p->name << "] under Oclgrind: exit "
                                  << r.exit_code
                                  << (r.exit_code > 128 ? " (the simulator was killed by a signal)"
                                                        : "");
    }
    if (ran == 0) GTEST_SKIP() << b->id << ": every OpenCL 1.2 path unsupported on Oclgrind";
}

INSTANTIATE_TEST_SUITE_P(Registry, Oclgrind, ::testing::ValuesIn(entry_ids()),
                         [](const auto& param_info) { return case_name(param_info.param); });

// A limit that names no entry any more (or drops a check the suite does not make) is stale.
TEST(OclgrindCheckLimits, EachNamesEntriesAndACheck) {
    for (const auto& l : kCheckLimits) {
        EXPECT_TRUE(
            std::any_of(registry().begin(), registry().end(),
                        [&](const Benchmark& b) { return b.id.rfind(l.id_prefix, 0) == 0; }))
            << l.id_prefix << " names no registry entry";
        EXPECT_NE(std::find(kOclgrindChecks.begin(), kOclgrindChecks.end(), l.check),
                  kOclgrindChecks.end());
        EXPECT_LT(checks_for(std::string(l.id_prefix) + "x").size(), kOclgrindChecks.size());
    }
    EXPECT_EQ(checks_for("stream.copy.f32"), kOclgrindChecks); // everything else keeps all
}

// Planted faults: a kernel made invalid must fail its case through Oclgrind's report, the
// finding this label exists for, whatever the verification says.
void expect_planted_report(const std::string& id, const std::string& path, const std::string& from,
                           const std::string& to, const std::string& expected) {
    const auto oclgrind = oclgrind_binary();
    if (!oclgrind) GTEST_SKIP() << "oclgrind is not installed (Debian package oclgrind)";
    const OclgrindRun r = run_under_oclgrind(*oclgrind, id, path, {from, to});
    ASSERT_NE(r.exit_code, 4) << "the fault pattern '" << from << "' is not in " << id
                              << "'s kernel any more: update this self-test\n"
                              << r.output;
    const bool reported = std::any_of(r.findings.begin(), r.findings.end(), [&](const auto& f) {
        return f.headline.find(expected) != std::string::npos;
    });
    EXPECT_TRUE(reported) << id << " [" << path << "] with '" << from << "' -> '" << to << "': no '"
                          << expected << "' report; Oclgrind reported\n"
                          << describe(r.findings) << r.output;
    if (reported) std::cout << id << " planted fault caught:\n" << describe(r.findings);
}

TEST(OclgrindPlantedFault, OutOfBoundsReadIsReported) {
    // The last work-item reads one element past the end of the input.
    expect_planted_report("stream.copy.f32", "native", "if (i < n) out[i] = a[i];",
                          "if (i < n) out[i] = a[i + 1];", "Invalid read");
}

TEST(OclgrindPlantedFault, MissingBarrierIsADataRace) {
    // The emulated sub-group exchange without its second barrier: the next exchange's store
    // races with this one's loads of the other lanes' slots.
    expect_planted_report(
        "subgroup.broadcast", "emulated",
        "(src < clg_sg_size() ? src : clg_sg_lane())];\n    barrier(CLK_LOCAL_MEM_FENCE);",
        "(src < clg_sg_size() ? src : clg_sg_lane())];", "data race");
}

TEST(OclgrindPlantedFault, MmaSharedOperandsWithoutTheirLastBarrierRace) {
    // The emulated MMA frees its local memory with a barrier: without it the next MMA's
    // operands are stored while other lanes still read this one's.
    expect_planted_report(
        "mma.i8", "emulated",
        "c.c[i] = CLG_ACC_ADD(c.c[i], s);\n        }\n    }\n    barrier(CLK_LOCAL_MEM_FENCE);",
        "c.c[i] = CLG_ACC_ADD(c.c[i], s);\n        }\n    }", "data race");
}

} // namespace
} // namespace clgauge::test
