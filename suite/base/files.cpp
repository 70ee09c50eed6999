#include "base/files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clgauge {

namespace fs = std::filesystem;

std::string utc_timestamp() {
    const std::time_t t = std::time(nullptr);
    char buf[32];
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

namespace {

// A descriptor closed on every path out; close() of a written file is checked by hand.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
    int release() {
        const int f = fd;
        fd = -1;
        return f;
    }
};

std::string errno_text() {
    return std::strerror(errno);
}

bool write_all(int fd, const std::string& text) {
    const char* p = text.data();
    size_t left = text.size();
    while (left > 0) {
        const ssize_t w = ::write(fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        left -= size_t(w);
    }
    return true;
}

// Where an output goes: `path` after following symbolic links that are paths (not the kernel's
// links under /proc, which name descriptors), whether it is written in place, and what it is
// now (nothing when it does not exist yet).
struct OutputTarget {
    fs::path path;
    bool in_place = false;
    std::optional<struct stat> now;
    int own_fd = -1; // the path names this process's open descriptor (/dev/stdout, >(...))
};

fs::path canonical_dir(const fs::path& p) {
    std::error_code ec;
    const fs::path dir = fs::weakly_canonical(p.has_parent_path() ? p.parent_path() : ".", ec);
    return ec ? p.parent_path() : dir;
}

bool under_proc(const fs::path& p) {
    const std::string d = canonical_dir(p).string();
    return d == "/proc" || d.rfind("/proc/", 0) == 0;
}

// N when `p` is /proc/<this process>/fd/N (or a link to it, such as /dev/stdout) and N is open.
int own_descriptor(const fs::path& p) {
    if (canonical_dir(p) != fs::path("/proc") / std::to_string(::getpid()) / "fd") return -1;
    const std::string name = p.filename().string();
    if (name.empty() || name.size() > 9 ||
        name.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    const int fd = std::stoi(name);
    return ::fcntl(fd, F_GETFD) < 0 ? -1 : fd;
}

OutputTarget resolve_output(const std::string& path) {
    fs::path p = path;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat l {};
        if (::lstat(p.c_str(), &l) != 0) {
            if (errno == ENOENT) return {p, false, std::nullopt};
            throw std::runtime_error(path + ": cannot be written: " + errno_text());
        }
        if (S_ISLNK(l.st_mode) && !under_proc(p)) {
            const fs::path target = fs::read_symlink(p);
            p = target.is_absolute() ? target : p.parent_path() / target;
            continue;
        }
        struct stat s {};
        if (::stat(p.c_str(), &s) != 0)
            throw std::runtime_error(path + ": cannot be written: " + errno_text());
        return {p, !S_ISREG(s.st_mode) || under_proc(p), s, own_descriptor(p)};
    }
    throw std::runtime_error(path + ": cannot be written: too many levels of symbolic links");
}

// The process's umask, read without changing it (umask(2) would, for every thread).
mode_t current_umask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Umask:", 0) == 0) return mode_t(std::stoul(line.substr(6), nullptr, 8));
    return 022;
}

void write_in_place(const std::string& path, const OutputTarget& t, const std::string& text) {
    if (t.own_fd >= 0) {
        // Through the descriptor itself: opening it anew would start a regular file (stdout
        // redirected to a log) at offset 0, over what this process printed there before.
        std::cout.flush();
        std::fflush(nullptr);
        if (!write_all(t.own_fd, text))
            throw std::runtime_error(path + ": write failed: " + errno_text());
        return;
    }
    Fd f{::open(t.path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC)};
    if (f.fd < 0)
        throw std::runtime_error(path + ": cannot be opened for writing: " + errno_text());
    if (!write_all(f.fd, text)) throw std::runtime_error(path + ": write failed: " + errno_text());
    if (::close(f.release()) != 0)
        throw std::runtime_error(path + ": write failed on close: " + errno_text());
}

void replace_regular_file(const std::string& path, const OutputTarget& t, const std::string& text) {
    const fs::path dir = t.path.has_parent_path() ? t.path.parent_path() : fs::path(".");
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw std::runtime_error(path + ": cannot create " + dir.string() + ": " + ec.message());
    std::string temp = (dir / ("." + t.path.filename().string() + ".XXXXXX")).string();
    Fd f{::mkstemp(temp.data())};
    if (f.fd < 0)
        throw std::runtime_error(path + ": cannot create a file in " + dir.string() + ": " +
                                 errno_text());
    struct Unlink {
        const std::string& file;
        bool keep = false;
        ~Unlink() {
            if (!keep) ::unlink(file.c_str());
        }
    } unlink_temp{temp};
    const mode_t mode = t.now ? (t.now->st_mode & 07777) : (0666 & ~current_umask());
    if (::fchmod(f.fd, mode) != 0 || !write_all(f.fd, text) || ::fsync(f.fd) != 0)
        throw std::runtime_error(path + ": write failed: " + errno_text());
    if (::close(f.release()) != 0)
        throw std::runtime_error(path + ": write failed on close: " + errno_text());
    if (::rename(temp.c_str(), t.path.c_str()) != 0)
        throw std::runtime_error(path + ": cannot replace " + t.path.string() + ": " +
                                 errno_text());
    unlink_temp.keep = true;
    // The rename itself survives a power cut only once the directory is synced.
    Fd d{::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (d.fd >= 0) (void)::fsync(d.fd);
}

} // namespace

std::optional<std::string> read_file_text(const std::string& path, std::string* why,
                                          size_t max_bytes) {
    auto fail = [&](const std::string& reason) -> std::optional<std::string> {
        if (why) *why = reason;
        return std::nullopt;
    };
    Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (f.fd < 0) return fail("cannot be read: " + errno_text());
    struct stat s {};
    if (::fstat(f.fd, &s) != 0) return fail("cannot be read: " + errno_text());
    if (S_ISDIR(s.st_mode)) return fail("is a directory, not a file");
    if (S_ISCHR(s.st_mode) || S_ISBLK(s.st_mode)) return fail("is a device, not a file");
    if (S_ISREG(s.st_mode) && size_t(s.st_size) > max_bytes)
        return fail("is larger than " + std::to_string(max_bytes >> 20) + " MiB");
    // Opened without blocking so that a FIFO with no writer does not hang the open; reads
    // block again from here.
    (void)::fcntl(f.fd, F_SETFL, ::fcntl(f.fd, F_GETFL) & ~O_NONBLOCK);
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(f.fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("cannot be read: " + errno_text());
        if (n == 0) break;
        text.append(buf, size_t(n));
        if (text.size() > max_bytes)
            return fail("is larger than " + std::to_string(max_bytes >> 20) + " MiB");
    }
    return text;
}

void write_output_file(const std::string& path, const std::string& text) {
    const OutputTarget t = resolve_output(path);
    if (t.in_place)
        write_in_place(path, t, text);
    else
        replace_regular_file(path, t, text);
}

void remove_leftover_temps(const std::string& path) {
    const fs::path p(path);
    const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    const std::string prefix = "." + p.filename().string() + ".";
    constexpr size_t kSuffix = 6; // mkstemp's XXXXXX
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.size() == prefix.size() + kSuffix && name.rfind(prefix, 0) == 0)
            fs::remove(e.path(), ec);
    }
}

FileLock::FileLock(const std::string& path, bool wait) {
    const fs::path p(path);
    std::error_code ec;
    if (p.has_parent_path()) fs::create_directories(p.parent_path(), ec);
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ < 0) throw std::runtime_error(path + ": cannot open the lock file: " + errno_text());
    while (::flock(fd_, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        const bool busy = !wait && errno == EWOULDBLOCK;
        const std::string why = errno_text();
        ::close(fd_);
        fd_ = -1;
        if (busy) return;
        throw std::runtime_error(path + ": cannot lock: " + why);
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_); // releases the lock
}

std::optional<std::string> output_problem(const std::string& path) {
    if (path.empty()) return "is an empty path";
    OutputTarget t;
    try {
        t = resolve_output(path);
    } catch (const std::runtime_error& e) {
        return std::string(e.what()).substr(path.size() + 2);
    }
    if (t.own_fd >= 0) {
        const int mode = ::fcntl(t.own_fd, F_GETFL) & O_ACCMODE;
        if (mode != O_WRONLY && mode != O_RDWR) return "is a descriptor not open for writing";
        return std::nullopt;
    }
    if (t.in_place) {
        if (S_ISDIR(t.now->st_mode)) return "is a directory";
        if (::access(t.path.c_str(), W_OK) != 0) return "cannot be written: " + errno_text();
        return std::nullopt;
    }
    // The nearest directory that exists must take a new file (the missing ones are created).
    fs::path dir = t.path.has_parent_path() ? t.path.parent_path() : fs::path(".");
    std::error_code ec;
    while (!fs::exists(dir, ec) && dir != "." && dir != dir.parent_path())
        dir = dir.has_parent_path() ? dir.parent_path() : fs::path("."); // "base" -> "."
    if (!fs::is_directory(dir, ec)) return dir.string() + " is not a directory";
    std::string probe = (dir / ".clgauge-probe.XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) return "cannot create a file in " + dir.string() + ": " + errno_text();
    ::close(fd);
    ::unlink(probe.c_str());
    return std::nullopt;
}

} // namespace clgauge
