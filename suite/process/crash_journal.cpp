#include "process/crash_journal.hpp"

#include "base/env.hpp"

#include "base/crash_context.hpp"
#include "measure/watchdog.hpp"
#include "report/measurement_json.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <unistd.h>

namespace clgauge {
namespace {

constexpr int kFatalSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE};

// What the signal handler uses, prepared while allocating is still safe.
struct HandlerState {
    int fd = -1;
    char crumb[512] = {}; // `{"crash":{"device":D,"id":"X",` while a benchmark runs
    volatile sig_atomic_t crumb_len = 0;
};
HandlerState g_state;

void write_all(int fd, const char* s, size_t n) {
    while (n > 0) {
        const ssize_t w = ::write(fd, s, n);
        if (w <= 0) return;
        s += w;
        n -= size_t(w);
    }
}

// Only async-signal-safe calls here: write, signal, raise (and a read of a fixed buffer).
extern "C" void on_fatal_signal(int sig) {
    if (g_state.fd >= 0 && g_state.crumb_len > 0) {
        char digits[12];
        size_t n = 0;
        for (int v = sig; n == 0 || v > 0; v /= 10)
            digits[n++] = char('0' + v % 10);
        char number[12];
        for (size_t i = 0; i < n; ++i)
            number[i] = digits[n - 1 - i];
        const std::string_view context = crash_context_json();
        write_all(g_state.fd, g_state.crumb, size_t(g_state.crumb_len));
        write_all(g_state.fd, "\"context\":", 10);
        write_all(g_state.fd, context.data(), context.size());
        write_all(g_state.fd, ",\"signal\":", 10);
        write_all(g_state.fd, number, n);
        write_all(g_state.fd, "}}\n", 3);
        static const char msg[] =
            "\nclgauge: the process crashed inside a benchmark; resuming after it\n";
        write_all(STDERR_FILENO, msg, sizeof msg - 1);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void install_handlers(bool on) {
    struct sigaction sa {};
    if (on) {
        sa.sa_handler = on_fatal_signal;
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    } else {
        sa.sa_handler = SIG_DFL;
    }
    sigemptyset(&sa.sa_mask);
    for (int s : kFatalSignals)
        sigaction(s, &sa, nullptr);
}

} // namespace

std::string signal_name(int sig) {
    switch (sig) {
    case SIGABRT:
        return "SIGABRT";
    case SIGSEGV:
        return "SIGSEGV";
    case SIGBUS:
        return "SIGBUS";
    case SIGILL:
        return "SIGILL";
    case SIGFPE:
        return "SIGFPE";
    }
    return "signal " + std::to_string(sig);
}

std::string new_journal_file() {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    return (std::filesystem::temp_directory_path() /
            ("clgauge-journal-" + std::to_string(::getpid()) + "-" + std::to_string(stamp) +
             ".jsonl"))
        .string();
}

JournalContents read_journal(const std::string& file) {
    JournalContents out;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        // A crash while a result line was being written leaves half a line before the crash
        // record.
        const size_t crash_at = line.find("{\"crash\":");
        if (crash_at != std::string::npos) line = line.substr(crash_at);
        const auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;
        if (j.contains("table")) {
            out.tables.push_back(j.at("table"));
        } else if (j.contains("result")) {
            const auto& r = j.at("result");
            out.earlier[{r.at("device"), r.at("id")}] = measurement_from_json(
                JsonFields<std::invalid_argument>(r.at("m"), file, "result.m"));
        } else if (j.contains("crash") && j.at("crash").contains("hung_s")) {
            const auto& c = j.at("crash");
            Measurement m;
            m.status = Status::Timeout;
            const std::string context = c.value("context", "");
            m.reason = std::string(c.at("what")) + " did not return within " +
                       std::to_string(int(c.at("hung_s"))) + " s" +
                       (context.empty() ? "" : " during " + context) +
                       ": the driver blocked, so the watchdog ended the worker process and "
                       "clgauge resumed after it; the device may be hung";
            out.earlier[{c.at("device"), c.at("id")}] = m;
            out.last_crash = std::string(c.at("id"));
            out.last_hung = true;
            ++out.crashes;
        } else if (j.contains("crash")) {
            const auto& c = j.at("crash");
            const std::string sig = signal_name(c.at("signal"));
            Measurement m;
            m.status = Status::Crashed;
            const std::string context = c.value("context", "");
            m.reason = "the process died of " + sig +
                       (context.empty() ? "" : " during " + context) +
                       " (what the driver printed is above clgauge's 'resuming' line); "
                       "clgauge resumed after it";
            out.earlier[{c.at("device"), c.at("id")}] = m;
            out.last_crash = std::string(c.at("id")) + " (" + sig + ")";
            out.last_hung = false;
            ++out.crashes;
        }
    }
    return out;
}
CrashJournal::CrashJournal(const std::string& file) : file_(file), contents_(read_journal(file)) {
    fd_ = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd_ < 0) throw std::runtime_error("cannot write the crash journal " + file_);
    g_state.fd = fd_;
    g_state.crumb_len = 0;
    install_handlers(true);
    set_watchdog_action(on_hang);
}

// On the watchdog's thread while the benchmark's own thread is blocked in the driver: the
// hang is recorded like a crash, and the process killed, so that the supervisor resumes the
// run after that benchmark in a fresh process.
void CrashJournal::on_hang(const std::string& what, double seconds) {
    if (g_state.fd < 0 || g_state.crumb_len == 0) return; // outside a benchmark: the default
    std::string record(g_state.crumb, size_t(g_state.crumb_len));
    record += "\"context\":" + std::string(crash_context_json()) +
              ",\"what\":" + nlohmann::json(what).dump() +
              ",\"hung_s\":" + std::to_string(seconds) + "}}\n";
    write_all(g_state.fd, record.data(), record.size());
    static const char msg[] = "\nclgauge: a kernel hung inside a benchmark (the driver does not "
                              "return); ending this worker and resuming after it\n";
    write_all(STDERR_FILENO, msg, sizeof msg - 1);
    ::kill(::getpid(), SIGKILL);
}

CrashJournal::~CrashJournal() {
    set_watchdog_action({});
    install_handlers(false);
    g_state.fd = -1;
    g_state.crumb_len = 0;
    ::close(fd_);
}

void CrashJournal::append(const nlohmann::json& line) {
    const std::string text = line.dump() + "\n";
    write_all(fd_, text.data(), text.size());
}

RunHooks CrashJournal::hooks(size_t device_index) {
    RunHooks h;
    h.earlier = [this, device_index](const Benchmark& b) -> std::optional<Measurement> {
        const auto it = contents_.earlier.find({device_index, b.id});
        if (it == contents_.earlier.end()) return std::nullopt;
        return it->second;
    };
    h.starting = [device_index](const Benchmark& b) {
        const std::string crumb = "{\"crash\":{\"device\":" + std::to_string(device_index) +
                                  ",\"id\":" + nlohmann::json(b.id).dump() + ",";
        g_state.crumb_len = 0;
        const size_t n = std::min(crumb.size(), sizeof g_state.crumb);
        std::memcpy(g_state.crumb, crumb.data(), n);
        g_state.crumb_len = sig_atomic_t(n);
        set_crash_context("");
        // Test hook (label cli): a driver that aborts inside this benchmark.
        if (b.id == env_text("CLGAUGE_TEST_CRASH")) std::abort();
    };
    h.finished = [this, device_index](const Benchmark& b, const Measurement& m) {
        g_state.crumb_len = 0;
        append({{"result",
                 {{"device", device_index}, {"id", b.id}, {"m", measurement_to_json(b, m)}}}});
    };
    return h;
}

bool CrashJournal::table_printed(size_t device_index) const {
    const auto& t = contents_.tables;
    return std::find(t.begin(), t.end(), device_index) != t.end();
}

void CrashJournal::mark_table_printed(size_t device_index) {
    contents_.tables.push_back(device_index);
    append({{"table", device_index}});
}

std::string CrashJournal::resume_note() const {
    if (contents_.last_crash.empty()) return "";
    if (contents_.last_hung)
        return "clgauge: resumed after " + contents_.last_crash +
               " hung; it is reported as a timeout\n";
    return "clgauge: resumed after a crash in " + contents_.last_crash +
           "; it is reported as crashed\n";
}

} // namespace clgauge
