// File utilities shared by the reports, the baselines and the sweeps: the one reader of input
// files and the one writer of output files.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace clgauge {

// Now, as "2026-11-21T07:30:00Z".
std::string utc_timestamp();

// The largest input file read: a baseline or report is a few MiB; a path that yields more (a
// link to /dev/zero, a growing log) is refused rather than read without end.
inline constexpr size_t kMaxInputBytes = size_t(256) << 20;

// The whole file, byte for byte; nothing when it is missing, unreadable, a directory, a device
// or larger than `max_bytes`, with `why` (when given) saying which ("is a directory", ...).
// Pipes and FIFOs (`<(...)`) are read, up to `max_bytes`.
std::optional<std::string> read_file_text(const std::string& path, std::string* why = nullptr,
                                          size_t max_bytes = kMaxInputBytes);

// Writes `text` to `path` the way a reader sharing the path expects:
// - a regular file, or a new one, is written to a unique temporary file in the same directory,
//   synced, closed (its errors checked) and renamed over the path: a reader sees the old file
//   or the new one, never half of one, and a failure leaves the old file and no temporary;
// - a symbolic link is followed and its target replaced that way, keeping the link and the
//   target's mode;
// - anything else (a device, a FIFO) is opened and written in place, never replaced; a path
//   naming one of this process's descriptors (/dev/stdout, /dev/fd/63 of `>(...)`) is written
//   through that descriptor, after std::cout is flushed, so that it follows what was printed.
// Missing directories are created. Throws std::runtime_error naming the path.
void write_output_file(const std::string& path, const std::string& text);

// Removes the temporary files that write_output_file(path) left when its process was killed
// mid-write (".NAME.XXXXXX" beside it). Only under a lock every writer of `path` holds: then
// no write of it is under way, and any such file is a leftover.
void remove_leftover_temps(const std::string& path);

// Why write_output_file(path) would fail (a directory, a missing or unwritable directory, a
// read-only file system), checked before a run spends time measuring; nullopt when it can be
// written. Leaves nothing behind.
std::optional<std::string> output_problem(const std::string& path);

// An exclusive flock(2) on the file `path` (created when missing), held while this lives: every
// process that reads, changes and writes one shared file (a baseline several machines record
// into) holds the same lock file around it, so that no writer's change is lost. Blocks until
// the lock is free. Throws std::runtime_error naming the path when it cannot be taken.
class FileLock {
  public:
    // Waits for the lock, unless `wait` is false: then held() says whether it was free.
    explicit FileLock(const std::string& path, bool wait = true);
    bool held() const { return fd_ >= 0; }
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();

  private:
    int fd_ = -1;
};

} // namespace clgauge
