#include "run/build_workers.hpp"

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <ostream>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace clgauge {
namespace {

constexpr const char* kPlan = "plan ";
constexpr const char* kPlanEnd = "plan-end";
constexpr const char* kBuilt = "built ";

bool starts_with(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

// The worker's standard output is the write end of a pipe whose read end this process keeps;
// both ends are close-on-exec here, so no other child inherits them.
pid_t spawn_with_output(const std::string& program, const std::vector<std::string>& args,
                        int& read_fd) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
    std::vector<char*> argv;
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_adddup2(&files, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    if (posix_spawn(&pid, program.c_str(), &files, nullptr, argv.data(), environ) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&files);
    ::close(fds[1]);
    if (pid < 0) {
        ::close(fds[0]);
        return -1;
    }
    read_fd = fds[0];
    return pid;
}

} // namespace

BuildProgress build_notices(std::ostream& out) {
    auto lock = std::make_shared<std::mutex>();
    BuildProgress p;
    p.planned = [&out, lock](const std::vector<std::string>& keys) {
        const std::lock_guard<std::mutex> hold(*lock);
        for (const auto& k : keys)
            out << kPlan << k << "\n";
        out << kPlanEnd << std::endl;
    };
    p.done = [&out, lock](const std::string& key) {
        const std::lock_guard<std::mutex> hold(*lock);
        out << kBuilt << key << std::endl;
    };
    return p;
}

unsigned build_worker_count(bool gpu, const RunOptions& opts) {
    if (opts.build_workers) return *opts.build_workers;
    return gpu && opts.build_threads >= 2 ? std::min(opts.build_threads, 16u) : 0u;
}

std::vector<std::vector<std::string>>
build_worker_arguments(size_t device_index, unsigned parts, const std::vector<std::string>& extra) {
    std::vector<std::vector<std::string>> argvs;
    for (unsigned k = 0; k < parts; ++k) {
        std::vector<std::string> args = {"clgauge", "--build-only", "--build-part",
                                         std::to_string(k) + "/" + std::to_string(parts),
                                         std::to_string(device_index)};
        args.insert(args.end(), extra.begin(), extra.end());
        argvs.push_back(std::move(args));
    }
    return argvs;
}

BuildWorkers::BuildWorkers(const std::string& program,
                           const std::vector<std::vector<std::string>>& argvs, double timeout_s)
    : deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(timeout_s))) {
    for (const auto& args : argvs) {
        Worker w;
        w.pid = spawn_with_output(program, args, w.fd);
        if (w.pid < 0) continue; // a worker that did not start: its programs are built here
        workers_.push_back(std::move(w));
        ++started_;
    }
}

BuildWorkers::~BuildWorkers() {
    stop_all();
}

void BuildWorkers::reap(Worker& w, std::chrono::steady_clock::time_point until) {
    // A process killed inside a hung driver may never exit: it is waited for a while, then
    // left behind rather than holding up the run.
    while (w.pid > 0) {
        if (::waitpid(w.pid, nullptr, WNOHANG) != 0) {
            w.pid = -1;
            return;
        }
        if (std::chrono::steady_clock::now() >= until) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void BuildWorkers::end(Worker& w) {
    if (w.fd >= 0) {
        ::close(w.fd);
        w.fd = -1;
    }
    std::erase_if(to_build_, [&](const auto& kv) { return &workers_[kv.second] == &w; });
    reap(w, std::chrono::steady_clock::now());
}

void BuildWorkers::stop_all() {
    abandon();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (auto& w : workers_)
        reap(w, until);
}

void BuildWorkers::abandon() {
    for (auto& w : workers_) {
        if (w.fd >= 0) {
            ::close(w.fd);
            w.fd = -1;
        }
        if (w.pid > 0) ::kill(w.pid, SIGKILL);
    }
    to_build_.clear();
}

void BuildWorkers::take_line(size_t worker, const std::string& line) {
    if (starts_with(line, kPlan)) {
        const std::string key = line.substr(std::char_traits<char>::length(kPlan));
        to_build_.emplace(key, worker);
        announced_.insert(key);
    } else if (line == kPlanEnd)
        workers_[worker].planned = true;
    else if (starts_with(line, kBuilt) &&
             to_build_.erase(line.substr(std::char_traits<char>::length(kBuilt))) > 0)
        ++built_;
}

bool BuildWorkers::read_notices(int wait_ms) {
    std::vector<pollfd> polled;
    std::vector<size_t> owner;
    for (size_t i = 0; i < workers_.size(); ++i)
        if (workers_[i].fd >= 0) {
            polled.push_back({workers_[i].fd, POLLIN, 0});
            owner.push_back(i);
        }
    if (polled.empty()) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline_ - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) { // workers that outlast the run's patience only warm a cache: stop them
        stop_all();
        return false;
    }
    if (::poll(polled.data(), polled.size(), int(std::min<long long>(wait_ms, left))) <= 0)
        return true;
    for (size_t j = 0; j < polled.size(); ++j) {
        if (!(polled[j].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        Worker& w = workers_[owner[j]];
        char buf[4096];
        const ssize_t n = ::read(w.fd, buf, sizeof buf);
        if (n <= 0) { // its output ended: whatever it had left to build, it will not
            end(w);
            continue;
        }
        w.pending.append(buf, size_t(n));
        for (size_t eol; (eol = w.pending.find('\n')) != std::string::npos;) {
            take_line(owner[j], w.pending.substr(0, eol));
            w.pending.erase(0, eol + 1);
        }
    }
    return true;
}

bool BuildWorkers::all_planned() const {
    return std::all_of(workers_.begin(), workers_.end(),
                       [](const Worker& w) { return w.fd < 0 || w.planned; });
}

void BuildWorkers::await(const std::string& key) {
    // A program no worker has announced yet may still be in a share not yet announced.
    while (!announced_.count(key) && !all_planned())
        if (!read_notices(50)) break;
    if (announced_.count(key)) ++answered_;
    while (to_build_.count(key))
        if (!read_notices(50)) return;
}

void BuildWorkers::finish() {
    while (read_notices(50)) {
    }
    // Their output has ended: they are tearing down their contexts, or were killed.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (auto& w : workers_)
        reap(w, until);
}

} // namespace clgauge
