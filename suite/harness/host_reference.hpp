// The host's own copy rate, timed beside the samples of a figure that follows the host (a
// pageable copy goes through the host's cores into the driver's staging memory): the gate holds
// the figure's ratio to it (Measurement::reference_rate), since a slower host moves both and a
// slower driver only the figure.
#pragma once
#include "harness/transfer.hpp"
#include "types/measurement.hpp"

#include <cstddef>
#include <vector>

namespace clgauge {

class HostReference {
  public:
    // A memcpy of `bytes` between two buffers of its own, faulted in here; none when !enabled.
    HostReference(size_t bytes, bool enabled);
    // One timed memcpy (nothing when not enabled).
    void time();
    // The median rate into m.reference_rate and what it is into m.reference_what (the report
    // and the journal carry both: report/measurement_json); nothing when none was timed.
    void describe(Measurement& m) const;

  private:
    size_t bytes_;
    PageableWords from_, to_;
    std::vector<double> rates_;
};

} // namespace clgauge
