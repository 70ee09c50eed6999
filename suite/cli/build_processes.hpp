// Builds a table run's programs in several clgauge processes at once, ahead of the run. A GPU
// driver may build one program at a time per process (NVIDIA's did: 60 programs took 30 s
// from cold with 16 threads as with one); processes building parts of the list fill the
// driver's program cache, from which the run's own builds then take moments.
#pragma once
#include "cli/options.hpp"

#include <cstddef>

namespace clgauge {

// Starts `parts` processes of this program, `clgauge --build-only --build-part K/N` on the
// device with the run's selection and path, and waits for them (at most `timeout_s`, then
// they are killed). Their output is dropped: the run builds every program again, from the
// cache where the driver has one, and reports each build's failure with its benchmark.
void build_in_processes(const CliOptions& cli, size_t device_index, unsigned parts,
                        double timeout_s);

} // namespace clgauge
