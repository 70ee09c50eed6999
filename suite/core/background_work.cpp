#include "core/background_work.hpp"

#include <mutex>

namespace clgauge {
namespace {

struct Installed {
    std::mutex lock;
    BackgroundWork work;
    bool held = false;
};

Installed& installed() {
    static Installed i;
    return i;
}

} // namespace

void set_background_work(BackgroundWork work) {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.held && i.work.release) i.work.release();
    i.work = std::move(work);
    i.held = false;
}

void hold_background_work() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.held || !i.work.hold) return;
    i.work.hold();
    i.held = true;
}

void release_background_work() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (!i.held) return;
    if (i.work.release) i.work.release();
    i.held = false;
}

bool background_work_going() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    return !i.held && i.work.running && i.work.running();
}

} // namespace clgauge
