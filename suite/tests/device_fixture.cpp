#include "device_fixture.hpp"

#include "baseline/match.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>
#include <iostream>
#include <memory>

namespace clgauge::test {

namespace {
DeviceEntry selected_device() {
    const auto all = list_devices();
    std::vector<std::string> specs;
    if (!device_spec_from_env().empty()) specs.push_back(device_spec_from_env());
    return select_devices(all, specs).front();
}
} // namespace

DeviceFacts device_facts_without_context() {
    return selected_device().facts;
}

Session& device_session() {
    static std::unique_ptr<Session> session;
    static std::string error;
    if (!session && error.empty()) {
        try {
            session = std::make_unique<Session>(selected_device());
            // Which device a case ran on, in its output (and so in a JUnit <system-out>):
            // with CTest resource allocation it is CTest's choice, not CLGAUGE_DEVICE.
            std::cout << "clgauge test device " << session->entry.index << ": "
                      << device_identity(session->facts()) << " (" << session->facts().platform
                      << ")\n";
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    if (!session) throw std::runtime_error("no usable OpenCL device: " + error);
    return *session;
}

const std::vector<KnownFailure>& device_known_failures() {
    static const std::vector<KnownFailure> list =
        known_failures_for(baselines_dir(), device_facts_without_context());
    return list;
}

std::vector<EntryPath> all_entry_paths() {
    std::vector<EntryPath> v;
    for (const auto& b : registry())
        for (const auto& p : b.paths)
            v.push_back({b.id, p.name});
    return v;
}

std::string test_name(const EntryPath& p) {
    std::string s = p.id + "__" + p.path;
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

} // namespace clgauge::test

#include "run/run_all.hpp"
#include "run/runner.hpp"

namespace clgauge::test {
namespace {
RunOptions planting(const std::string& from, const std::string& to, bool& planted) {
    planted = false;
    RunOptions opts = run_options_from_env(Mode::Conformance);
    if (from.empty()) return opts; // no fault: the kernel as it is
    opts.test.mutate_source = [&from, &to, &planted](std::string text) {
        for (size_t pos = text.find(from); pos != std::string::npos;
             pos = text.find(from, pos + to.size())) {
            text.replace(pos, from.size(), to);
            planted = true;
        }
        return text;
    };
    return opts;
}
} // namespace

Measurement run_with_planted_fault(const std::string& id, const std::string& from,
                                   const std::string& to, bool& planted,
                                   const std::optional<std::string>& path) {
    const Benchmark* b = find_benchmark(id);
    if (!b) throw std::runtime_error("no benchmark " + id);
    RunOptions opts = planting(from, to, planted);
    opts.forced_path = path;
    return run_benchmark(device_session(), *b, opts);
}

Measurement run_with_planted_fault(const Benchmark& b, const std::string& from,
                                   const std::string& to, bool& planted) {
    return run_benchmark(device_session(), b, planting(from, to, planted));
}

void expect_planted_fault_caught(const std::string& id, const std::string& from,
                                 const std::string& to, const std::optional<std::string>& path) {
    // A path the device is known to crash or hang on cannot show a planted fault.
    const PathChoice choice = choose_path(*find_benchmark(id), device_session().caps, path);
    if (const KnownFailure* k =
            choice.path ? find_known(device_known_failures(), id, choice.path->name) : nullptr;
        k && (k->expect == Expected::Crash || k->expect == Expected::Hang))
        GTEST_SKIP() << id << " [" << choice.path->name << "]: listed as "
                     << expected_name(k->expect) << " in " << k->where << ": " << k->reason;
    bool planted = false;
    const Measurement m = run_with_planted_fault(id, from, to, planted, path);
    const std::string where = id + " [" + (m.path.empty() ? path.value_or("best") : m.path) + "]";
    if (m.status == Status::Unsupported) GTEST_SKIP() << where << ": " << m.reason;
    ASSERT_TRUE(planted) << "the fault pattern '" << from << "' is not in " << id
                         << "'s kernel any more: update this self-test";
    EXPECT_EQ(m.status, Status::VerifyFailed)
        << where << " with a planted fault was not caught (status " << status_name(m.status) << ": "
        << m.reason << ")\n"
        << m.build_log;
    if (m.status == Status::VerifyFailed) std::cout << where << " caught: " << m.reason << "\n";
}
} // namespace clgauge::test
