// clgauge: parses the command line, dispatches it (a file mode here, a run on devices to the
// conductor, conduct/conductor.hpp) and maps what it came to to the exit status (usage_text in
// cli/options.cpp lists them).
#include "base/clipped_text.hpp"
#include "base/files.hpp"
#include "base/standard_output.hpp"
#include "cli/ab_compare_cli.hpp"
#include "cli/analysis_cli.hpp"
#include "cli/drop_recordings_cli.hpp"
#include "cli/options.hpp"
#include "cli/preflight.hpp"
#include "cli/stamp_code_cli.hpp"
#include "conduct/conductor.hpp"
#include "core/ctest_resource_spec.hpp"
#include "core/device.hpp"
#include "core/opencl.hpp"
#include "measure/phase_clock.hpp"
#include "registry/registry.hpp"
#include "report/console.hpp"

#include <cstdlib>
#include <functional>
#include <iostream>
#include <optional>

using namespace clgauge;

namespace {
enum Exit { kOk = 0, kFailed = 1, kUsage = 2, kRegression = 3, kHung = 4, kFixed = 5 };

int exit_status(Outcome o) {
    switch (o) {
    case Outcome::Ok:
        return kOk;
    case Outcome::Usage:
        return kUsage;
    case Outcome::Fixed:
        return kFixed;
    case Outcome::Regression:
        return kRegression;
    case Outcome::Failed:
        return kFailed;
    case Outcome::Hung:
        return kHung;
    }
    return kFailed;
}

void list_benchmarks() {
    for (const auto& b : registry()) {
        std::cout << b.id << "  (" << b.family << ", " << unit_name(b.unit) << ")  paths:";
        for (const auto& p : b.paths) {
            std::cout << " " << p.name;
            if (!p.needs.empty()) {
                std::cout << "[";
                for (size_t i = 0; i < p.needs.size(); ++i)
                    std::cout << (i ? ", " : "") << need_name(p.needs[i]);
                std::cout << "]";
            }
        }
        std::cout << "\n";
    }
}

int write_resource_spec(const CliOptions& cli) {
    const auto all = list_devices();
    const auto devices = devices_under_test(all, cli.run.devices);
    write_output_file(cli.resource_spec_file, resource_spec_json(devices, device_slots()));
    std::cout << "wrote " << cli.resource_spec_file << ": " << devices.size()
              << " device(s) as CTest resource '" << kResourceType << "', " << device_slots()
              << " slots each (a perf case takes all of a device's slots):\n"
              << describe_device_list(devices);
    if (cli.run.devices.empty() && devices.size() < all.size())
        std::cout << "left out: the CPU devices (name one to add it)\n";
    return kOk;
}

// A command that reads or writes files, or lists what is built in: no device is opened.
std::optional<int> run_file_mode(const CliOptions& cli) {
    switch (cli.command) {
    case Command::List:
        if (cli.list == Listing::Benchmarks) {
            list_benchmarks();
            return kOk;
        }
        if (cli.list == Listing::Sweeps) {
            list_sweeps(std::cout);
            return kOk;
        }
        return std::nullopt; // the devices: a listing that opens OpenCL
    case Command::Roofline:
        return run_roofline_cli(cli) ? kFailed : kOk;
    case Command::Compare:
        return run_ab_compare_cli(cli);
    case Command::DropRecordings:
        return run_drop_recordings_cli(cli);
    case Command::StampCode:
        return run_stamp_code_cli(cli);
    default:
        return std::nullopt;
    }
}

// The device listings: they open OpenCL, but run nothing.
std::optional<int> run_listing(const CliOptions& cli) {
    if (cli.command == Command::List) {
        print_device_list(std::cout, list_devices());
        return kOk;
    }
    if (cli.command == Command::ResourceSpec) return write_resource_spec(cli);
    return std::nullopt;
}

// A run on devices: the conductor's outcome as the exit status.
int run_on_devices(const RunRequest& request, const std::string& journal_file) {
    const ConductResult r = conduct(request, journal_file);
    if (r.outcome == Outcome::Hung || r.device_hung) {
        // A kernel still occupies the device: releasing its queue could block for as long as
        // the kernel runs, so leave without the destructors once the reports are written.
        std::cout.flush();
        std::cerr << "clgauge: a kernel did not finish in time; exiting without waiting for it\n";
        std::_Exit(exit_status(worse(r.outcome, Outcome::Hung)));
    }
    return exit_status(r.outcome);
}

// An error's message may carry a value from a file (a baseline's field): one line of it, not
// megabytes.
constexpr size_t kMessageMax = 2000;

// Runs `body`, turning the errors a user can cause into messages and exit codes.
int guarded(const std::function<int()>& body) {
    try {
        return body();
    } catch (const UsageError& e) {
        std::cerr << "clgauge: " << e.what()
                  << "\n(clgauge --help lists the commands and options; clgauge COMMAND --help "
                     "one command's)\n";
        return kUsage;
    } catch (const UnknownDeviceError& e) {
        std::cerr << "clgauge: " << e.what();
        return kUsage;
    } catch (const NoPlatformError& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "clgauge: " << clipped(e.what(), kMessageMax) << "\n";
        return kUsage;
    } catch (const cl::Error& e) {
        std::cerr << "clgauge: OpenCL error " << e.what() << ": " << cl_error_name(e.err()) << "\n";
        return kUsage;
    } catch (const std::exception& e) {
        std::cerr << "clgauge: " << clipped(e.what(), kMessageMax) << "\n";
        return kUsage;
    }
}

} // namespace

int main(int argc, char** argv) {
    (void)clgauge::phase_times_since_start(); // the run's clock starts here
    ignore_broken_pipes();
    const int status = guarded([&] {
        const CliOptions cli = parse_cli(std::vector<std::string>(argv + 1, argv + argc));
        if (!cli.help.empty()) {
            std::cout << cli.help;
            return int(kOk);
        }
        if (const auto code = run_file_mode(cli)) return *code;
        if (const auto code = run_listing(cli)) return *code;
        if (cli.command == Command::Sweep) check_sweep_names(cli.sweep.names);
        check_selection(cli);
        const RunRequest request = request_for(cli);
        check_outputs(request);
        return run_supervised_if_table(
            request,
            [&](const std::string& journal) {
                // In a supervised worker process its own output is finished before it exits.
                return status_after_output(
                    guarded([&] { return run_on_devices(request, journal); }), kUsage);
            },
            kFailed);
    });
    return status_after_output(status, kUsage);
}
