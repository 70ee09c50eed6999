#include "process/supervisor.hpp"

#include "process/crash_journal.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace clgauge {

namespace {
// The supervisor's side of a stop request: the signal that asked, and the worker it goes on to.
volatile sig_atomic_t g_stop_signal = 0;
volatile pid_t g_worker = 0;
constexpr int kStopSignals[] = {SIGTERM, SIGINT, SIGHUP};

// Async-signal-safe: a store and kill(2).
extern "C" void forward_stop_signal(int sig) {
    g_stop_signal = sig;
    if (g_worker > 0) ::kill(g_worker, sig);
}

// While it lives, the stop signals reach the worker rather than end the supervisor alone.
struct StopForwarding {
    struct sigaction old[std::size(kStopSignals)] = {};
    StopForwarding() {
        struct sigaction sa {};
        sa.sa_handler = forward_stop_signal;
        sigemptyset(&sa.sa_mask);
        for (size_t i = 0; i < std::size(kStopSignals); ++i)
            sigaction(kStopSignals[i], &sa, &old[i]);
    }
    ~StopForwarding() {
        for (size_t i = 0; i < std::size(kStopSignals); ++i)
            sigaction(kStopSignals[i], &old[i], nullptr);
    }
};

sigset_t stop_signal_set() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kStopSignals)
        sigaddset(&set, s);
    return set;
}

// The worker: the stop signals as they were before the supervisor took them, and its own end
// when the supervisor ends without forwarding (SIGKILL).
void become_worker(pid_t supervisor, const sigset_t& old_mask) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s : kStopSignals)
        sigaction(s, &dfl, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != supervisor) std::_Exit(128 + SIGTERM); // it ended before the prctl
    sigprocmask(SIG_SETMASK, &old_mask, nullptr);
}
} // namespace

int run_supervised(const std::function<int(const std::string&)>& worker, int crash_status) {
    const std::string file = new_journal_file();
    struct Remove {
        const std::string& f;
        ~Remove() {
            std::error_code ignored;
            std::filesystem::remove(f, ignored);
        }
    } remove{file};
    std::cout.flush();
    std::cerr.flush();
    const StopForwarding forwarding;
    const pid_t supervisor = ::getpid();
    for (;;) {
        const size_t before = read_journal(file).crashes;
        // Blocked across the fork, so that a stop signal finds the worker's pid in place.
        const sigset_t stops = stop_signal_set();
        sigset_t old_mask;
        sigprocmask(SIG_BLOCK, &stops, &old_mask);
        const pid_t pid = ::fork();
        if (pid < 0) {
            sigprocmask(SIG_SETMASK, &old_mask, nullptr);
            throw std::runtime_error("fork failed: cannot start the worker process");
        }
        if (pid == 0) {
            become_worker(supervisor, old_mask);
            const int code = worker(file);
            std::cout.flush();
            std::cerr.flush();
            std::_Exit(code);
        }
        g_worker = pid;
        sigprocmask(SIG_SETMASK, &old_mask, nullptr);
        // Stopped before it started: the signal reached no worker yet.
        if (g_stop_signal) ::kill(pid, g_stop_signal);
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        g_worker = 0;
        if (const int sig = g_stop_signal) {
            // Asked to stop: the worker is gone, the journal goes, and this process ends as
            // the signal would have ended it (a shell sees 128 + the signal).
            std::cout.flush();
            std::cerr.flush();
            std::error_code ignored;
            std::filesystem::remove(file, ignored);
            struct sigaction dfl {};
            dfl.sa_handler = SIG_DFL;
            sigemptyset(&dfl.sa_mask);
            sigaction(sig, &dfl, nullptr);
            ::raise(sig);
            return 128 + sig;
        }
        if (WIFEXITED(status)) return WEXITSTATUS(status);
        const size_t after = read_journal(file).crashes;
        if (after == before || after >= kMaxCrashes) {
            std::cerr << "clgauge: the worker process died of "
                      << signal_name(WIFSIGNALED(status) ? WTERMSIG(status) : 0)
                      << (after == before ? " outside any benchmark" : " too often") << "\n";
            return crash_status;
        }
    }
}

} // namespace clgauge
