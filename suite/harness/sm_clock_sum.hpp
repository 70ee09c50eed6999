// The SM clock a kernel's work ran at, gathered by the kernel itself (NVIDIA, inline PTX:
// kernels/include/clgauge_sm_clock.h's clg_sm_accumulate): the cycles and nanoseconds of every
// timed stretch, summed over the launches. A GPU that warms through a run clocks down, and a
// compute figure moves with it; the gate divides the figure by this clock (the measurement's
// reference), so that what is left is the work done in a cycle.
#pragma once
#include "core/opencl.hpp"
#include "types/measurement.hpp"

namespace clgauge {

struct Session;

// Whether an SM clock a kernel read, `read_mhz`, is one the device runs at: above a twentieth
// of its reported maximum and at most a fifth over it (a counter the driver does not advance,
// or another clock, is not the SM's). A device that reports no clock takes any positive rate.
bool plausible_sm_clock(double read_mhz, unsigned reported_mhz);

class SmClockSum {
  public:
    // Holds the two counters where `enabled` (the kernel was built with -DCLG_SM_CLOCK).
    SmClockSum(Session& s, bool enabled);
    // Sets the counters as argument `index` of `kernel` (nothing where not enabled).
    void bind(cl::Kernel& kernel, cl_uint index) const;
    // The clock the launches so far ran at, in MHz (0: not enabled, or nothing counted).
    double mhz() const;
    // m.reference_rate (Hz) and m.reference_what, and the detail "sm_clock_MHz", where the
    // clock read is plausible; the detail "sm_clock" says why not where it is not.
    void describe(Measurement& m) const;

  private:
    Session& s_;
    bool enabled_;
    cl::Buffer counters_;
};

} // namespace clgauge
