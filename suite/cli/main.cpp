// clgauge: device table, benchmark table, reports. Exit codes in cli/options.cpp usage_text.
#include "analysis/timing_analysis.hpp"
#include "cli/analysis_cli.hpp"
#include "cli/options.hpp"
#include "registry/registry.hpp"
#include "registry/run_all.hpp"
#include "report/console.hpp"
#include "report/json_report.hpp"

#include <cstdlib>
#include <iostream>
#include <unistd.h>

using namespace clgauge;

namespace {
enum Exit { kOk = 0, kFailed = 1, kUsage = 2, kHung = 4 };

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

int run(const CliOptions& cli) {
    if (cli.list_benchmarks) {
        list_benchmarks();
        return kOk;
    }
    if (cli.list_sweeps) {
        list_sweeps(std::cout);
        return kOk;
    }
    if (!cli.roofline_report.empty()) return run_roofline_cli(cli) ? kFailed : kOk;
    check_sweep_names(cli.sweeps);
    const auto all = list_devices();
    if (cli.list) {
        print_device_list(std::cout, all);
        return kOk;
    }
    std::vector<std::string> specs = cli.devices;
    if (specs.empty() && !device_spec_from_env().empty()) specs.push_back(device_spec_from_env());
    const auto chosen = select_devices(all, specs);
    const auto selection = select_benchmarks(cli.only);
    if (selection.empty()) throw UsageError("--only '" + cli.only + "' matches no benchmark");

    RunOptions opts = run_options_from_env(cli.conformance ? Mode::Conformance : Mode::Perf);
    if (cli.budget_ms) opts.budget.seconds = double(*cli.budget_ms) / 1000.0;
    if (cli.seed) opts.seed = static_cast<uint32_t>(*cli.seed);
    if (cli.timeout_s) opts.timeout_s = *cli.timeout_s;

    const bool tty = isatty(STDERR_FILENO);
    std::vector<DeviceReport> reports;
    std::vector<nlohmann::json> extras; // per device: sweeps, timing analysis
    int code = kOk;
    for (const auto& entry : chosen) {
        Session session(entry);
        DeviceReport header;
        header.device_index = entry.index;
        header.facts = session.facts();
        header.caps = session.caps;
        header.cores = session.cores;
        print_device_table(std::cout, header);
        std::cout.flush();
        nlohmann::json extra = nlohmann::json::object();
        if (!cli.sweeps.empty()) {
            bool failed = false, hung = false;
            extra["sweeps"] = run_sweeps_cli(cli, session, opts, failed, hung);
            header.mode = "sweep";
            header.seed = opts.seed;
            reports.push_back(header);
            extras.push_back(extra);
            if (hung) {
                code = kHung;
                break;
            }
            if (failed && code == kOk) code = kFailed;
            continue;
        }
        auto progress = [&](size_t done, size_t total, const Benchmark& next) {
            if (tty)
                std::cerr << "\r[" << done + 1 << "/" << total << "] " << next.id
                          << "                    " << std::flush;
        };
        DeviceReport r = run_all(session, selection, opts, cli.path, progress);
        if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
        print_results(std::cout, r);
        if (cli.timing && code != kHung) {
            try {
                const auto t = analysis::analyze_timing(session, opts);
                analysis::print_timing(std::cout, t, r);
                extra["timing_analysis"] = analysis::timing_to_json(t, r);
            } catch (const std::exception& e) {
                std::cout << "timing analysis failed: " << e.what() << "\n";
                extra["timing_analysis"] = {{"error", e.what()}};
                if (code == kOk) code = kFailed;
            }
        }
        for (const auto& x : r.results) {
            if (x.measurement.status == Status::Timeout)
                code = kHung;
            else if (is_failure(x.measurement.status) && code == kOk)
                code = kFailed;
        }
        reports.push_back(std::move(r));
        extras.push_back(extra);
        if (code == kHung) break; // a hung device may not accept more work
    }
    if (!cli.json_file.empty()) {
        auto j = report_to_json(reports);
        for (size_t i = 0; i < extras.size(); ++i)
            for (const auto& [k, v] : extras[i].items())
                j["devices"][i][k] = v;
        write_file_atomically(cli.json_file, j.dump(2) + "\n");
    }
    if (!cli.csv_file.empty()) write_file_atomically(cli.csv_file, report_to_csv(reports));
    if (code == kHung) {
        // A kernel still occupies the device: releasing its queue could block for as long as
        // the kernel runs, so leave without the destructors once the reports are written.
        std::cout.flush();
        std::cerr << "clgauge: a kernel did not finish in time; exiting without waiting for it\n";
        std::_Exit(kHung);
    }
    return code;
}
} // namespace

int main(int argc, char** argv) {
    try {
        const CliOptions cli = parse_cli(std::vector<std::string>(argv + 1, argv + argc));
        if (cli.help) {
            std::cout << usage_text();
            return kOk;
        }
        return run(cli);
    } catch (const UsageError& e) {
        std::cerr << "clgauge: " << e.what() << "\n\n" << usage_text();
        return kUsage;
    } catch (const UnknownDeviceError& e) {
        std::cerr << "clgauge: " << e.what();
        return kUsage;
    } catch (const NoPlatformError& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    } catch (const cl::Error& e) {
        std::cerr << "clgauge: OpenCL error " << e.what() << ": " << cl_error_name(e.err()) << "\n";
        return kUsage;
    } catch (const std::exception& e) {
        std::cerr << "clgauge: " << e.what() << "\n";
        return kUsage;
    }
}
