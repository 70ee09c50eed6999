// The build workers' queue (process/build_workers.hpp): its records and where the runs of one
// host start in it.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

namespace clgauge {

// The queue on the workers' shared standard input: records of two little-endian 32-bit words,
// a device's index (in list_devices() order) and a program's (in the order discovered), each
// read whole by one worker (a pipe's reads of 8 bytes are atomic). A device's records come
// together, kBuildQueueIndices of them, enough for any selection: a worker stops building for a
// device at the first index past its programs.
constexpr size_t kBuildQueueIndices = 1024;
// Where a run's workers start in the queue, where several runs on one host build the same
// programs for their own devices (the perf label's measuring processes, one per GPU): run
// `shard` of `of` queues the indices shard, shard + of, shard + 2 of, ... first, then the
// others, so that each program is first compiled by one run's workers and is a hit in the
// driver's cache when the others reach it.
struct QueueShare {
    size_t shard = 0, of = 1;
};
// The program indices in the order a run with `share` queues them: each index once.
std::vector<size_t> queue_order(QueueShare share);
// Whether run `share` queues `program` in its own stride, ahead of the other runs.
bool queued_first_by(QueueShare share, size_t program);
struct BuildRecord {
    size_t device = 0, program = 0;
};
// The next record on `fd`; nothing at the queue's end (or a record cut short).
std::optional<BuildRecord> read_build_record(int fd);

} // namespace clgauge
