// Builds a table run's programs in several clgauge processes at once, ahead of the run. A GPU
// driver may build one program at a time per process (NVIDIA's, driver 580.159.04 on an H100:
// 16 threads built a cold table's programs in 29.6 s against 36.2 s one at a time); processes
// building parts of the list fill the driver's program cache, from which the run's own builds
// then take moments.
#pragma once
#include "cli/options.hpp"
#include "core/session.hpp"
#include "registry/registry.hpp"
#include "types/run_options.hpp"

#include <cstddef>
#include <vector>

namespace clgauge {

// Starts `parts` processes of this program, `clgauge --build-only --build-part K/N` on the
// device with the run's selection and path, and waits for them (at most `timeout_s`, then
// they are killed). Their output is dropped: the run builds every program again, from the
// cache where the driver has one, and reports each build's failure with its benchmark.
void build_in_processes(const CliOptions& cli, size_t device_index, unsigned parts,
                        double timeout_s);

// On a GPU (with more than one build thread allowed): build_in_processes with one process per
// build thread, at most 16, before this process builds from the driver's cache.
void build_in_processes_for_gpu(const Session& session, const CliOptions& cli,
                                const RunOptions& opts);

// clgauge --build-only [--build-part K/N]: the selection's programs built on each device, and
// the run's time line.
int run_build_only_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                       const std::vector<const Benchmark*>& selection, const RunOptions& opts);

} // namespace clgauge
