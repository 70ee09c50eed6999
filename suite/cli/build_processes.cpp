#include "cli/build_processes.hpp"

#include "core/phase_clock.hpp"
#include "report/run_time.hpp"
#include "run/run_all.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <iostream>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <vector>

extern char** environ;

namespace clgauge {
namespace {

std::vector<std::string> worker_arguments(const CliOptions& cli, size_t device_index, unsigned part,
                                          unsigned parts) {
    std::vector<std::string> args = {"clgauge", "--build-only", "--build-part",
                                     std::to_string(part) + "/" + std::to_string(parts),
                                     std::to_string(device_index)};
    if (!cli.only.empty()) args.insert(args.end(), {"--only", cli.only});
    if (cli.path) args.insert(args.end(), {"--path", *cli.path});
    if (cli.conformance) args.push_back("--conformance");
    if (cli.budget_ms) args.insert(args.end(), {"--budget-ms", std::to_string(*cli.budget_ms)});
    if (cli.seed) args.insert(args.end(), {"--seed", std::to_string(*cli.seed)});
    return args;
}

pid_t spawn_quietly(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    if (posix_spawn(&pid, "/proc/self/exe", &files, nullptr, argv.data(), environ) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&files);
    return pid;
}

} // namespace

void build_in_processes(const CliOptions& cli, size_t device_index, unsigned parts,
                        double timeout_s) {
    std::vector<pid_t> running;
    for (unsigned k = 0; k < parts; ++k)
        if (const pid_t pid = spawn_quietly(worker_arguments(cli, device_index, k, parts)); pid > 0)
            running.push_back(pid);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    while (!running.empty()) {
        std::erase_if(running, [](pid_t pid) { return waitpid(pid, nullptr, WNOHANG) != 0; });
        if (running.empty()) break;
        if (std::chrono::steady_clock::now() > deadline) {
            for (pid_t pid : running) {
                kill(pid, SIGKILL);
                waitpid(pid, nullptr, 0);
            }
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void build_in_processes_for_gpu(const Session& session, const CliOptions& cli,
                                const RunOptions& opts) {
    if (!session.facts().is_gpu() || opts.build_threads < 2) return;
    PhaseScope building(Phase::Build);
    build_in_processes(cli, session.entry.index, std::min(opts.build_threads, 16u),
                       std::max(opts.timeout_s, 120.0));
}

int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts) {
    for (const auto& entry : devices) {
        Session session(entry);
        if (!cli.build_part) build_in_processes_for_gpu(session, cli, opts);
        const auto [part, parts] = cli.build_part.value_or(std::pair{0u, 1u});
        build_ahead(session, selection, opts, cli.path, std::max(1u, opts.build_threads), {}, part,
                    parts);
        std::cout << "built the programs of " << selection.size() << " benchmark(s) for "
                  << entry.facts.name << "\n";
    }
    print_run_time(std::cout, phase_times_since_start());
    return 0; // a build that failed is reported by its benchmark in the run
}

} // namespace clgauge
