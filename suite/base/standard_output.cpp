#include "base/standard_output.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clgauge {
namespace {

// A pipe or socket whose reading end is closed reports POLLERR to its writer; the errno of
// the write that failed may be long overwritten by then.
bool reader_gone(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return false;
    pollfd p{fd, POLLOUT, 0};
    return ::poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0;
}

} // namespace

void ignore_broken_pipes() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, nullptr);
}

OutputEnd finish_standard_output(std::string& why) {
    std::cout.flush();
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    const int flush_errno = errno;
    if (flushed && !std::ferror(stdout) && std::cout.good()) return OutputEnd::Written;
    if (flush_errno == EPIPE || reader_gone(STDOUT_FILENO)) return OutputEnd::ReaderGone;
    int cause = flush_errno;
    if (cause == 0) {
        // The write that failed lost its errno long ago (stdio dropped the buffer then): one
        // more line, after output that is incomplete anyway, says what the error is.
        std::clearerr(stdout);
        errno = 0;
        if (std::fputc('\n', stdout) == EOF || std::fflush(stdout) != 0) cause = errno;
    }
    why = cause != 0 ? std::strerror(cause) : "a write failed";
    return OutputEnd::Failed;
}

int status_after_output(int status, int error_status) {
    std::string why;
    if (finish_standard_output(why) != OutputEnd::Failed) return status;
    static bool said = false; // a worker process and the program both finish the output
    if (!said)
        std::cerr << "clgauge: cannot write to standard output: " << why
                  << " (the printed results are incomplete)\n";
    said = true;
    return status == 0 ? error_status : status;
}

} // namespace clgauge
