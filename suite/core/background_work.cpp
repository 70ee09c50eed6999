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

} // namespace

void set_background_work(BackgroundWork work) {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.work.release) i.work.release();
    i.work = std::move(work);
}

void hold_background_work() {
    Installed& i = installed();
    const std::lock_guard<std::mutex> guard(i.lock);
    if (i.work.hold) i.work.hold();
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
