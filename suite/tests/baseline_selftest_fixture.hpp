// The baseline self-tests' common ground (selftest_baseline.cpp: the verdict;
// selftest_verdict_reports.cpp: where it goes): the programs they drive, and a fixture that
// records a baseline of the test device into a scratch directory and doctors it.
#pragma once
#include "baseline/match.hpp"
#include "device_fixture.hpp"
#include "test_dir.hpp"
#include "test_programs.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>

namespace clgauge::test {

namespace fs = std::filesystem;

// Chain benchmarks honour the slowdown switch; both run on every device. The slowed runs use
// one of them: a slowed launch on a CPU takes up to a second.
inline const char* kOnly = "fp32.fma,int32.mad";
inline const char* kSlowed = "fp32.fma";
// Large enough to stand out of any recorded tolerance (capped at 50%) on a loaded machine.
inline const char* kSlowdown = "8";

struct Output {
    int rc = -1;
    std::string out;
};

// The programs these tests drive (test_programs.hpp).
inline const std::string kClgauge = clgauge_program();
inline const std::string kPerfTests = perf_tests_program();
inline const std::string kCtest = ctest_program();
inline const std::string kPerfCtestFile = perf_ctest_file();

inline Output run(const std::string& env, const std::string& program, const std::string& args) {
    const std::string cmd = env + " '" + program + "' " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    Output r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        r.out.append(buf, n);
    const int status = pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// The baseline file's path, worked out in a short-lived child process: this test's own
// process must never open the device, because the programs it starts need it, and some
// machines (some GPU virtual machines) let only one process at a time see the GPU.
inline std::string baseline_path_in_child(const std::string& dir) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string path;
        try {
            path = baseline_path(dir, device_facts_without_context());
        } catch (const std::exception& e) {
            path = std::string("error: ") + e.what();
        }
        const ssize_t written = ::write(fds[1], path.data(), path.size());
        ::_exit(written == ssize_t(path.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string path;
    char buf[512];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
        path.append(buf, size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (path.empty() || path.rfind("error: ", 0) == 0)
        throw std::runtime_error("cannot work out the baseline path: " + path);
    return path;
}

class BaselineSelftest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = test::fresh_test_dir("selftest");
        file = baseline_path_in_child(dir.string());
    }
    void TearDown() override { fs::remove_all(dir); }

    Output clgauge(const std::string& args, const std::string& env = "") {
        return run("env " + env, kClgauge, args + " --baselines '" + dir.string() + "'");
    }
    // The check after it is held to this recording (the same host): a CPU device that shares
    // two cores with the rest of a CI run read fp32.fma 5.6% below its recording of a moment
    // before, so the recording asks for 20%. The changes these tests plant are 3x and more.
    void record(const std::string& only = kOnly) {
        const Output r = clgauge("--record --tolerance-floor 20 --only '" + only + "'");
        ASSERT_EQ(r.rc, 0) << r.out;
        ASSERT_TRUE(fs::exists(file)) << "no " << file << " after:\n" << r.out;
    }
    // Rewrites the recorded file as if the device had been `factor` times as fast.
    void scale_baseline(double factor) {
        nlohmann::json j;
        std::ifstream(file) >> j;
        for (auto& [id, m] : j["metrics"].items()) {
            if (m["status"] != "ok") continue;
            m["value"] = m["value"].get<double>() * factor;
            for (auto& r : m["recordings"]) {
                for (const char* k : {"value", "median", "min", "max"})
                    r[k] = r[k].get<double>() * factor;
                for (auto& s : r["samples"])
                    s = s.get<double>() * factor;
            }
        }
        std::ofstream(file) << j.dump(2);
    }
    // Rewrites every recording's code fingerprint (as a driver whose compiler made other code
    // would have recorded it), or removes the code (a file recorded before fingerprints).
    void doctor_fingerprint(const std::optional<std::string>& fingerprint) {
        nlohmann::json j;
        std::ifstream(file) >> j;
        for (auto& [id, m] : j["metrics"].items())
            for (auto& r : m["recordings"]) {
                ASSERT_TRUE(r.contains("code")) << "recorded without code: " << r.dump();
                if (fingerprint)
                    r["code"]["fingerprint"] = *fingerprint;
                else
                    r.erase("code");
            }
        std::ofstream(file) << j.dump(2);
    }
    fs::path dir;
    std::string file;
};

} // namespace clgauge::test
