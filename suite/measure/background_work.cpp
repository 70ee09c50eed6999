#include "measure/background_work.hpp"

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
thread_local bool host_claimed = false; // by the entry in this thread's HostTimingScope

HostClaim& installed_claim() {
    static HostClaim c; // installed before the run, by the thread that runs it
    return c;
}

void let_go_of_host() {
    if (!host_claimed) return;
    host_claimed = false;
    if (installed_claim().let_go) installed_claim().let_go();
}

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

HostTimingScope::HostTimingScope(bool host_timed)
    : outer_(timing_on_host), outer_claimed_(host_claimed) {
    timing_on_host = host_timed;
    host_claimed = false;
    // Its host-side work is held off from its start (its buffers made and touched on the host
    // too), not only from its first timed phase.
    if (host_timed) hold_background_work_for_timing();
}

HostTimingScope::~HostTimingScope() {
    let_go_of_host();
    timing_on_host = outer_;
    host_claimed = outer_claimed_;
}

HostClaimScope::HostClaimScope(HostClaim claim) {
    installed_claim() = std::move(claim);
}

HostClaimScope::~HostClaimScope() {
    let_go_of_host();
    installed_claim() = {};
}

void claim_host_for_timing() {
    if (!timing_on_host || host_claimed || !installed_claim().claim) return;
    installed_claim().claim();
    host_claimed = true;
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
