#include "measure/watchdog.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace clgauge {
namespace {

using Clock = std::chrono::steady_clock;

struct Watch {
    Clock::time_point deadline;
    double seconds = 0;
    std::string what;
};

void default_action(const std::string& what, double seconds) {
    std::fprintf(stderr,
                 "\nclgauge: %s did not return within %.0f s (--timeout and %.0f s of grace): "
                 "the driver blocks; a kernel hung, ending the run\n",
                 what.c_str(), seconds, kWatchdogGraceSeconds);
    std::fflush(stdout);
    std::_Exit(kHungExit);
}

// The thread starts with the first scope, in the process that waits on the driver (never in
// a supervising process that forks workers, which would not inherit it).
class Watchdog {
  public:
    static Watchdog& get() {
        static Watchdog w;
        return w;
    }

    void arm(double seconds, std::string what) {
        std::lock_guard lock(mutex_);
        if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
        watches_.push_back(
            {Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(seconds + kWatchdogGraceSeconds)),
             seconds, std::move(what)});
        ++changes_;
        wake_.notify_all();
    }

    void disarm() {
        std::lock_guard lock(mutex_);
        watches_.pop_back();
        ++changes_;
        wake_.notify_all();
    }

    void set_action(WatchdogAction action) {
        std::lock_guard lock(mutex_);
        action_ = std::move(action);
    }

    ~Watchdog() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
            wake_.notify_all();
        }
        if (thread_.joinable()) thread_.join();
    }

  private:
    void loop() {
        std::unique_lock lock(mutex_);
        while (!stop_) {
            if (watches_.empty()) {
                wake_.wait(lock);
                continue;
            }
            const unsigned long long seen = changes_;
            const Watch watch = watches_.back();
            if (wake_.wait_until(lock, watch.deadline, [&] { return stop_ || changes_ != seen; }))
                continue;
            const WatchdogAction action = action_ ? action_ : default_action;
            lock.unlock();
            action(watch.what, watch.seconds);
            std::_Exit(kHungExit); // an action must not return; this one ends the process
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread thread_;
    std::vector<Watch> watches_; // the innermost scope's last
    unsigned long long changes_ = 0;
    WatchdogAction action_;
    bool stop_ = false;
};

} // namespace

void set_watchdog_action(WatchdogAction action) {
    Watchdog::get().set_action(std::move(action));
}

WatchdogScope::WatchdogScope(double seconds, std::string what) {
    Watchdog::get().arm(seconds, std::move(what));
}

WatchdogScope::~WatchdogScope() {
    Watchdog::get().disarm();
}

} // namespace clgauge
