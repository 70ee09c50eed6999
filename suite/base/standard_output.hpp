// Standard output as part of a run's result. A table written into a full disk is a lost
// result, so it is an error (exit 2, or the worse status the run already has); a reader that
// stopped reading (`clgauge ... | head -1`) is the end of the output, not a failure of the run,
// whose files and exit status stay what they would have been.
#pragma once
#include <string>

namespace clgauge {

// A write to a pipe nobody reads fails with EPIPE instead of ending the process with SIGPIPE
// (inherited by the processes it starts).
void ignore_broken_pipes();

enum class OutputEnd {
    Written,    // everything reached standard output
    ReaderGone, // a pipe or socket whose reader closed it: the end of the output
    Failed,     // a write error (a full disk, an I/O error): the output is lost
};

// Flushes standard output and says how it ended; `why` gets the error's text when it failed.
OutputEnd finish_standard_output(std::string& why);

// `status` once standard output is finished: unchanged unless a write failed, which is said on
// standard error (once a process) and makes a successful status `error_status` (a failing
// one stays: every other failure outranks a usage or file error).
int status_after_output(int status, int error_status);

} // namespace clgauge
