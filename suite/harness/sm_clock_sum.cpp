#include "harness/sm_clock_sum.hpp"

#include "base/number_text.hpp"
#include "core/session.hpp"

namespace clgauge {

bool plausible_sm_clock(double read_mhz, unsigned reported_mhz) {
    if (!(read_mhz > 0)) return false;
    return reported_mhz == 0 ||
           (read_mhz > 0.05 * reported_mhz && read_mhz <= 1.2 * double(reported_mhz));
}

SmClockSum::SmClockSum(Session& s, bool enabled) : s_(s), enabled_(enabled) {
    if (!enabled_) return;
    cl_ulong zero[2] = {0, 0};
    counters_ = cl::Buffer(s.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero);
}

void SmClockSum::bind(cl::Kernel& kernel, cl_uint index) const {
    if (enabled_) kernel.setArg(index, counters_);
}

double SmClockSum::mhz() const {
    if (!enabled_) return 0;
    cl_ulong sums[2] = {0, 0};
    s_.queue.enqueueReadBuffer(counters_, CL_TRUE, 0, sizeof sums, sums);
    return sums[1] > 0 ? double(sums[0]) / double(sums[1]) * 1e3 : 0;
}

void SmClockSum::describe(Measurement& m) const {
    if (!enabled_) return;
    const double read = mhz();
    const unsigned reported = s_.facts().clock_mhz;
    if (!plausible_sm_clock(read, reported)) {
        m.details.push_back({"sm_clock", "not used: the kernel read " + number_text(read, "%.0f") +
                                             " MHz, the device reports at most " +
                                             std::to_string(reported)});
        return;
    }
    m.reference_rate = read * 1e6;
    m.reference_what = "the SM clock";
    m.details.push_back({"sm_clock_MHz", number_text(read, "%.0f")});
}

} // namespace clgauge
