#include "process/build_workers.hpp"

#include "base/env.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <ctime>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <ostream>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace clgauge {
namespace {

constexpr const char* kBuilt = "built ";
constexpr const char* kBuilding = "building ";
constexpr const char* kListed = "listed ";
constexpr const char* kDevice = "device ";

// "D REST" -> D and REST; nothing when D is not a number.
std::optional<std::pair<size_t, std::string>> numbered(const std::string& text) {
    size_t n = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || end == text.data() + text.size() || *end != ' ')
        return std::nullopt;
    return std::make_pair(n, std::string(end + 1, text.data() + text.size()));
}

// The worker's standard input is `queue_fd`, its standard output the write end of a pipe whose
// read end this process keeps; the pipes' ends are close-on-exec here, so no other child
// inherits them.
pid_t spawn_worker(const std::string& program, const std::vector<std::string>& args, int queue_fd,
                   int err_fd, int& read_fd) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
    std::vector<char*> argv;
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    if (queue_fd >= 0)
        posix_spawn_file_actions_adddup2(&files, queue_fd, STDIN_FILENO);
    else
        posix_spawn_file_actions_addopen(&files, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&files, fds[1], STDOUT_FILENO);
    if (err_fd >= 0)
        posix_spawn_file_actions_adddup2(&files, err_fd, STDERR_FILENO);
    else
        posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    // Nothing else of this process: a driver's device files opened without close-on-exec
    // (this process holds the GPU) are not the worker's.
    posix_spawn_file_actions_addclosefrom_np(&files, 3);
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

// An unnamed file for a worker's standard error, read if the worker fails: -1 where the file
// system has none (its standard error is then dropped).
int error_file() {
    const std::string dir = env_text("TMPDIR");
    return ::open(dir.empty() ? "/tmp" : dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

// The start of what a failed worker wrote to its standard error, its lines joined by " | ".
std::string error_text(int fd) {
    if (fd < 0) return "";
    char buf[512];
    const ssize_t n = ::pread(fd, buf, sizeof buf, 0);
    if (n <= 0) return "";
    std::string text(buf, size_t(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    for (size_t at; (at = text.find('\n')) != std::string::npos;)
        text.replace(at, 1, " | ");
    return text;
}

} // namespace

BuildProgress build_notices(std::ostream& out, size_t device) {
    auto lock = std::make_shared<std::mutex>();
    BuildProgress p;
    p.listed = [&out, lock, device](const std::vector<std::string>& keys) {
        const std::lock_guard<std::mutex> hold(*lock);
        out << kListed << device;
        for (const auto& k : keys)
            out << " " << k;
        out << std::endl;
    };
    p.started = [&out, lock, device](const std::string& key) {
        const std::lock_guard<std::mutex> hold(*lock);
        out << kBuilding << device << " " << key << std::endl;
    };
    p.done = [&out, lock, device](const std::string& key) {
        const std::lock_guard<std::mutex> hold(*lock);
        out << kBuilt << device << " " << key << std::endl;
    };
    return p;
}

unsigned build_worker_count(const RunOptions& opts) {
    if (opts.build.workers) return *opts.build.workers;
    return opts.build.threads >= 2 ? std::min(opts.build.threads, kMostBuildWorkers) : 0u;
}

bool builds_with_workers(const DeviceFacts& device, const RunOptions& opts) {
    const bool kept = device.is_gpu() || device.platform == "Portable Computing Language";
    return build_worker_count(opts) > 0 && (kept || opts.build.workers);
}

BuildWorkers::BuildWorkers(const std::string& program,
                           const std::vector<std::vector<std::string>>& argvs, double timeout_s)
    : timeout_s_(timeout_s), deadline_(std::chrono::steady_clock::time_point::max()) {
    int queue[2];
    if (::pipe2(queue, O_CLOEXEC) != 0) return; // no queue, no workers: the run builds itself
    for (const auto& args : argvs) {
        Worker w;
        w.err_fd = error_file();
        w.pid = spawn_worker(program, args, queue[0], w.err_fd, w.fd);
        if (w.pid < 0) { // a worker that did not start: the others draw its share
            if (w.err_fd >= 0) ::close(w.err_fd);
            continue;
        }
        workers_.push_back(std::move(w));
        ++started_;
    }
    ::close(queue[0]);
    queue_fd_ = queue[1];
}

void BuildWorkers::hand_out(const std::vector<Device>& devices, QueueShare share) {
    if (queue_fd_ < 0) return;
    for (const auto& d : devices)
        names_[d.index] = d.name;
    std::vector<unsigned char> records;
    auto word = [&](size_t v) {
        for (size_t b = 0; b < 4; ++b)
            records.push_back(static_cast<unsigned char>(v >> (8 * b)));
    };
    share_ = share;
    const std::vector<size_t> order = queue_order(share);
    for (const auto& d : devices)
        for (const size_t i : order) {
            word(d.index);
            word(i);
        }
    // Room for every record (past 8 devices they outgrow a default pipe), so that the write
    // does not wait on the workers.
    if (records.size() > 4096) (void)::fcntl(queue_fd_, F_SETPIPE_SZ, int(records.size()));
    // One writer: the records stay whole however the pipe splits the write. A worker that
    // died leaves its records to the others; with none left, the write fails (EPIPE, with
    // SIGPIPE blocked around it) and the run builds its programs itself.
    sigset_t pipe_signal, before;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &before);
    for (size_t at = 0; at < records.size();) {
        const ssize_t n = ::write(queue_fd_, records.data() + at, records.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        at += size_t(n);
    }
    ::close(queue_fd_);
    queue_fd_ = -1;
    struct timespec none {};
    while (sigtimedwait(&pipe_signal, nullptr, &none) > 0) {
    } // a SIGPIPE raised while blocked is taken here, not left pending
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(timeout_s_));
}

BuildWorkers::~BuildWorkers() {
    if (queue_fd_ >= 0) ::close(queue_fd_);
    stop_all();
    for (auto& w : workers_)
        if (w.err_fd >= 0) ::close(w.err_fd);
}

std::string BuildWorkers::failures() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (auto& w : workers_)
        if (w.fd < 0 && !w.stopped && !held_) reap(w, until);
    std::string said;
    size_t k = 0;
    for (const auto& w : workers_) {
        ++k;
        std::string how;
        if (w.pid > 0)
            how = w.stopped ? "stopped at the deadline" : "still running";
        else if (w.stopped && WIFSIGNALED(w.status) && WTERMSIG(w.status) == SIGKILL)
            how = "stopped at the deadline";
        else if (WIFSIGNALED(w.status))
            how = "killed by signal " + std::to_string(WTERMSIG(w.status));
        else if (WIFEXITED(w.status) && WEXITSTATUS(w.status) != 0)
            how = "exit status " + std::to_string(WEXITSTATUS(w.status));
        else if (!w.wrong_device.empty())
            how = w.wrong_device;
        else
            continue;
        const std::string line = error_text(w.err_fd);
        said += (said.empty() ? "" : "; ") + std::string("worker ") + std::to_string(k) + " " +
                how + (line.empty() ? "" : ": " + line);
    }
    return said;
}

size_t BuildWorkers::built() const {
    size_t n = 0;
    for (const auto& [device, keys] : built_)
        n += keys.size();
    return n;
}

size_t BuildWorkers::built(size_t device) const {
    const auto it = built_.find(device);
    return it == built_.end() ? 0 : it->second.size();
}

bool BuildWorkers::built(size_t device, const std::string& key) const {
    const auto it = built_.find(device);
    return it != built_.end() && it->second.count(key) > 0;
}

bool BuildWorkers::first_built_elsewhere(size_t device, const std::string& key) const {
    if (share_.of <= 1 || built(device, key) || building(device, key)) return false;
    const auto it = listed_order_.find(device);
    if (it == listed_order_.end()) return false;
    const auto at = std::find(it->second.begin(), it->second.end(), key);
    return at != it->second.end() &&
           !queued_first_by(share_, static_cast<size_t>(at - it->second.begin()));
}

bool BuildWorkers::building(size_t device, const std::string& key) const {
    const auto it = building_.find(device);
    return it != building_.end() && it->second.count(key) > 0;
}

void BuildWorkers::reap(Worker& w, std::chrono::steady_clock::time_point until) {
    // A process killed inside a hung driver may never exit: it is waited for a while, then
    // left behind rather than holding up the run.
    while (w.pid > 0) {
        int status = 0;
        if (const pid_t done = ::waitpid(w.pid, &status, WNOHANG); done != 0) {
            if (done == w.pid) w.status = status;
            w.pid = -1;
            return;
        }
        if (std::chrono::steady_clock::now() >= until) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void BuildWorkers::end(Worker& w) {
    // What it was building, it will not build: a run waiting for that builds it itself.
    const size_t index = size_t(&w - workers_.data());
    for (auto& [device, keys] : building_)
        std::erase_if(keys, [&](const auto& entry) { return entry.second == index; });
    if (w.fd >= 0) {
        ::close(w.fd);
        w.fd = -1;
    }
    reap(w, std::chrono::steady_clock::now());
}

void BuildWorkers::stop_all() {
    abandon();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (auto& w : workers_)
        reap(w, until);
}

void BuildWorkers::abandon() {
    release(); // a stopped process takes SIGKILL all the same; this keeps the state plain
    for (auto& w : workers_) {
        if (w.fd >= 0) {
            ::close(w.fd);
            w.fd = -1;
        }
        if (w.pid > 0) {
            ::kill(w.pid, SIGKILL);
            w.stopped = true;
        }
    }
}

void BuildWorkers::take_line(size_t worker, const std::string& line) {
    if (line.rfind(kBuilt, 0) == 0) {
        if (!workers_[worker].wrong_device.empty()) return;
        if (const auto n = numbered(line.substr(std::char_traits<char>::length(kBuilt)))) {
            built_[n->first].insert(n->second);
            building_[n->first].erase(n->second);
        }
    } else if (line.rfind(kBuilding, 0) == 0) {
        if (!workers_[worker].wrong_device.empty()) return;
        if (const auto n = numbered(line.substr(std::char_traits<char>::length(kBuilding))))
            if (!built(n->first, n->second)) building_[n->first][n->second] = worker;
    } else if (line.rfind(kListed, 0) == 0) {
        if (!workers_[worker].wrong_device.empty()) return;
        // "listed D KEY KEY ...": every worker lists the same programs; the first one counts.
        const auto n = numbered(line.substr(std::char_traits<char>::length(kListed)) + " ");
        if (!n || listed_.count(n->first)) return;
        std::set<std::string>& keys = listed_[n->first];
        std::vector<std::string>& in_order = listed_order_[n->first];
        size_t at = 0;
        for (size_t space; (space = n->second.find(' ', at)) != std::string::npos; at = space + 1)
            if (space > at) {
                keys.insert(n->second.substr(at, space - at));
                in_order.push_back(n->second.substr(at, space - at));
            }
    } else if (line.rfind(kDevice, 0) == 0) {
        // A worker whose device list differs from the run's builds for another device: its
        // builds count for nothing, and the run builds its programs itself.
        const auto n = numbered(line.substr(std::char_traits<char>::length(kDevice)));
        if (!n) return;
        const auto expected = names_.find(n->first);
        if (expected == names_.end() || expected->second != n->second) {
            workers_[worker].wrong_device =
                "took device " + std::to_string(n->first) + " to be '" + n->second + "'" +
                (expected == names_.end() ? std::string(", which was not handed out")
                                          : ", not '" + expected->second + "'");
        }
    }
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

bool BuildWorkers::wait_built(size_t device, const std::string& key, WaitFor which) {
    release();
    if (which == WaitFor::Started) {
        (void)read_notices(0);
        while (building(device, key) && read_notices(50)) {
        }
        return built(device, key);
    }
    while (!listed_.count(device) && read_notices(50)) {
    }
    const auto it = listed_.find(device);
    if (it == listed_.end() || !it->second.count(key)) return false;
    while (!built(device, key) && read_notices(50)) {
    }
    return built(device, key);
}

void BuildWorkers::hold() {
    if (held_) return;
    // Those whose output ended too: a worker tearing down its context still takes a core.
    for (auto& w : workers_)
        if (w.pid > 0) ::kill(w.pid, SIGSTOP);
    held_ = true;
    held_since_ = std::chrono::steady_clock::now();
}

void BuildWorkers::release() {
    if (!held_) return;
    for (auto& w : workers_)
        if (w.pid > 0) ::kill(w.pid, SIGCONT);
    held_ = false;
    if (deadline_ != std::chrono::steady_clock::time_point::max())
        deadline_ += std::chrono::steady_clock::now() - held_since_;
}

bool BuildWorkers::running() {
    if (!held_) (void)read_notices(0);
    return std::any_of(workers_.begin(), workers_.end(), [](const Worker& w) { return w.fd >= 0; });
}

void BuildWorkers::finish() {
    release();
    if (queue_fd_ >= 0) hand_out({});
    while (read_notices(50)) {
    }
    // Their output has ended: they are tearing down their contexts, or were killed.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (auto& w : workers_)
        reap(w, until);
}

} // namespace clgauge
