#include "base/stderr_capture.hpp"

#include <cstdio>
#include <unistd.h>

namespace clgauge {

StderrCapture::StderrCapture() {
    std::fflush(stderr);
    std::FILE* tmp = std::tmpfile();
    if (!tmp) return; // no temporary file: leave stderr alone rather than lose it
    captured_ = dup(fileno(tmp));
    std::fclose(tmp); // the dup keeps the unlinked file open
    saved_ = dup(STDERR_FILENO);
    if (captured_ < 0 || saved_ < 0 || dup2(captured_, STDERR_FILENO) < 0) restore();
}

StderrCapture::~StderrCapture() {
    restore();
}

void StderrCapture::restore() {
    std::fflush(stderr);
    if (saved_ >= 0) {
        dup2(saved_, STDERR_FILENO);
        close(saved_);
        saved_ = -1;
    }
    if (captured_ >= 0) {
        close(captured_);
        captured_ = -1;
    }
}

std::string StderrCapture::finish() {
    std::string text;
    std::fflush(stderr);
    if (captured_ >= 0) {
        char buf[4096];
        ssize_t n = 0;
        for (off_t at = 0; (n = pread(captured_, buf, sizeof buf, at)) > 0; at += n)
            text.append(buf, size_t(n));
    }
    restore();
    return text;
}

} // namespace clgauge
