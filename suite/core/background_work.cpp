#include "core/background_work.hpp"

#include <mutex>

namespace clgauge {
namespace {

struct Installed {
    std::mutex lock;
    BackgroundWork work;
};

Installed& installed() {
    static Installed i;
    return i;
}

thread_local bool timing_on_host = false;

} // namespace

void set_background_work(BackgroundWork work) {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.work.release) i.work.release();
    i.work = std::move(work);
}

void hold_background_work_for_timing() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.work.hold && (i.work.shares_device || timing_on_host)) i.work.hold();
}

HostTimingScope::HostTimingScope(bool host_timed) : outer_(timing_on_host) {
    timing_on_host = host_timed;
    // Its host-side work is held off from its start (its buffers made and touched on the host
    // too), not only from its first timed phase.
    if (host_timed) hold_background_work_for_timing();
}

HostTimingScope::~HostTimingScope() {
    timing_on_host = outer_;
}

void release_background_work() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.work.release) i.work.release();
}

bool background_work_going() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    return i.work.going && i.work.going();
}

} // namespace clgauge
