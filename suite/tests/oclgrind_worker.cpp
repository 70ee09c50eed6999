// The process the oclgrind suite starts under `oclgrind`: one registry entry on one path, in
// a small conformance launch (RunOptions::small_launch) on the Oclgrind simulator, which is
// then the only OpenCL platform this process sees.
//
// Usage: clgauge_oclgrind_worker ID PATH [FROM TO]
//   FROM TO: a planted fault, every FROM in the kernel source replaced by TO (the self-tests).
// Prints "ID [PATH]: STATUS ..." on one line. Exit status: 0 verified, 1 ran and failed
// (wrong result, build failure, error), 2 usage or no Oclgrind device, 3 path unsupported,
// 4 the planted fault's FROM is not in the source.
#include "core/device.hpp"
#include "registry/registry.hpp"
#include "run/run_all.hpp"
#include "run/runner.hpp"

#include <iostream>
#include <string>

namespace {

int run(int argc, char** argv) {
    using namespace clgauge;
    if (argc != 3 && argc != 5) {
        std::cerr << "usage: " << argv[0] << " ID PATH [FROM TO]\n";
        return 2;
    }
    const std::string id = argv[1], path = argv[2];
    const Benchmark* b = find_benchmark(id);
    if (!b) {
        std::cerr << "no benchmark '" << id << "'\n";
        return 2;
    }
    // Only the simulator: run outside oclgrind, this must not test another device.
    const DeviceEntry device = select_devices(list_devices(), {"Oclgrind"}).front();
    Session session(device);

    RunOptions opts = run_options_from_env(Mode::Conformance);
    opts.small_launch = true;
    bool planted = false;
    if (argc == 5) {
        const std::string from = argv[3], to = argv[4];
        opts.test.mutate_source = [from, to, &planted](std::string text) {
            for (size_t pos = text.find(from); pos != std::string::npos;
                 pos = text.find(from, pos + to.size())) {
                text.replace(pos, from.size(), to);
                planted = true;
            }
            return text;
        };
    }
    opts.forced_path = path;
    const Measurement m = run_benchmark(session, *b, opts);
    std::cout << id << " [" << path << "]: " << status_name(m.status);
    if (m.status == Status::Ok) std::cout << ", " << m.verification.checked << " values checked";
    if (!m.reason.empty()) std::cout << ": " << m.reason;
    std::cout << "\n" << m.build_log << std::flush;
    if (argc == 5 && !planted && m.status != Status::Unsupported) {
        std::cerr << "the planted fault's pattern '" << argv[3] << "' is not in the source\n";
        return 4;
    }
    if (m.status == Status::Unsupported) return 3;
    return m.status == Status::Ok && m.verification.passed() ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << "clgauge_oclgrind_worker: " << e.what() << "\n";
        return 2;
    }
}
