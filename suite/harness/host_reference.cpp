#include "harness/host_reference.hpp"

#include "base/stats.hpp"

#include <chrono>
#include <cstring>
#include <string>

namespace clgauge {

HostReference::HostReference(size_t bytes, bool enabled) : bytes_(enabled ? bytes : 0) {
    if (bytes_ == 0) return;
    from_ = pageable_words(bytes_ / 4);
    to_ = pageable_words(bytes_ / 4);
    fill_sentinel(from_.get(), bytes_ / 4, 0x1234u);
    fill_sentinel(to_.get(), bytes_ / 4, 0x4321u);
}

void HostReference::time() {
    if (bytes_ == 0) return;
    const auto t0 = std::chrono::steady_clock::now();
    std::memcpy(to_.get(), from_.get(), bytes_);
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (t > 0) rates_.push_back(double(bytes_) / t);
}

void HostReference::describe(Measurement& m) const {
    if (rates_.empty()) return;
    m.reference_rate = summarize(rates_).median;
    m.reference_what = "the host's memcpy, one thread, " + std::to_string(bytes_ >> 20) + " MiB";
}

} // namespace clgauge
