// label unit: the one writer and the one reader of files (base/files.hpp) as a CI uses them:
// a regular file replaced whole with no temporary left, a symlinked file's target replaced
// with the link and mode kept, devices, pipes and /proc/self/fd/N written in place, two
// writers of one path never mixing, outputs that cannot be written named before a run, inputs
// that are directories, devices or too large refused, JSON with a duplicate key or an
// overflowing number refused naming the file. No device needed.
#include "base/files.hpp"
#include "base/json_fields.hpp"
#include "test_dir.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace clgauge {
namespace {

namespace fs = std::filesystem;

class OutputFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        dir = test::fresh_test_dir("files");
        fs::create_directories(dir);
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string at(const std::string& name) const { return (dir / name).string(); }
    // Every entry of the directory but the ones named.
    std::vector<std::string> others(std::initializer_list<const char*> expected) const {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(dir)) {
            const std::string n = e.path().filename().string();
            if (std::find(expected.begin(), expected.end(), n) == expected.end()) out.push_back(n);
        }
        return out;
    }
    fs::path dir;
};

std::string read(const std::string& path) {
    return read_file_text(path).value_or("<unreadable>");
}

TEST_F(OutputFiles, RegularFileReplacedWholeWithNoTemporaryLeft) {
    write_output_file(at("r.json"), "old\n");
    write_output_file(at("r.json"), "new\n");
    EXPECT_EQ(read(at("r.json")), "new\n");
    EXPECT_EQ(others({"r.json"}), std::vector<std::string>{});
    write_output_file(at("sub/dir/r.json"), "x"); // missing directories are created
    EXPECT_EQ(read(at("sub/dir/r.json")), "x");
}

TEST_F(OutputFiles, SymlinkTargetReplacedKeepingLinkAndMode) {
    write_output_file(at("shared.json"), "old\n");
    ::chmod(at("shared.json").c_str(), 0640);
    fs::create_symlink("shared.json", dir / "link.json");
    write_output_file(at("link.json"), "new\n");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json")) << "the link was replaced by a file";
    EXPECT_EQ(read(at("shared.json")), "new\n") << "the shared target was not updated";
    struct stat s {};
    ASSERT_EQ(::stat(at("shared.json").c_str(), &s), 0);
    EXPECT_EQ(s.st_mode & 07777, 0640u);
    // A link to a file not there yet: the file is made where the link points.
    fs::create_symlink("later.json", dir / "dangling.json");
    write_output_file(at("dangling.json"), "made\n");
    EXPECT_TRUE(fs::is_symlink(dir / "dangling.json"));
    EXPECT_EQ(read(at("later.json")), "made\n");
}

// A writer that renames over a device (as root it may: `--json /dev/stdout` once turned the
// node into a regular file) breaks it for every other program; a device is written in place.
// The device is a copy of /dev/null's made here, so that a regression breaks nothing shared.
TEST_F(OutputFiles, DeviceWrittenInPlaceNeverReplaced) {
    const std::string node = at("null");
    if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (not root): " << std::strerror(errno);
    const int fd = ::open(node.c_str(), O_WRONLY);
    if (fd < 0)
        GTEST_SKIP() << "device nodes cannot be opened here (nodev): " << std::strerror(errno);
    ::close(fd);
    write_output_file(node, "discarded\n");
    struct stat s {};
    ASSERT_EQ(::stat(node.c_str(), &s), 0);
    EXPECT_TRUE(S_ISCHR(s.st_mode)) << node << " is no longer a device";
    EXPECT_EQ(others({"null"}), std::vector<std::string>{});
}

// `--json >(jq ...)` and `--json /dev/stdout` into a pipe: the descriptor's link under /proc is
// written in place, and the reader gets the text.
TEST_F(OutputFiles, PipeThroughProcSelfFdWrittenInPlace) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    write_output_file("/proc/self/fd/" + std::to_string(fds[1]), "through the pipe\n");
    ::close(fds[1]);
    char buf[64] = {};
    const ssize_t n = ::read(fds[0], buf, sizeof buf - 1);
    ::close(fds[0]);
    EXPECT_EQ(std::string(buf, size_t(std::max<ssize_t>(n, 0))), "through the pipe\n");
}

TEST_F(OutputFiles, FifoWrittenInPlace) {
    ASSERT_EQ(::mkfifo(at("fifo").c_str(), 0600), 0);
    std::string got;
    // A blocking open, as a reader of a FIFO does (cat, tee): read_file_text's non-blocking one
    // could see end-of-file before the writer opened, and leave the writer waiting forever.
    std::thread reader([&] {
        std::ifstream in(at("fifo"));
        got.assign(std::istreambuf_iterator<char>(in), {});
    });
    write_output_file(at("fifo"), "through the fifo\n");
    reader.join();
    EXPECT_EQ(got, "through the fifo\n");
    struct stat s {};
    ASSERT_EQ(::stat(at("fifo").c_str(), &s), 0);
    EXPECT_TRUE(S_ISFIFO(s.st_mode));
}

// A rename that fails (the path became a directory) throws naming the path and leaves no
// temporary file; a path under a file is refused the same way.
TEST_F(OutputFiles, FailedWriteLeavesNoTemporary) {
    fs::create_directories(dir / "taken" / "inside");
    EXPECT_THROW(write_output_file(at("taken"), "x"), std::runtime_error);
    write_output_file(at("plain"), "x");
    try {
        write_output_file(at("plain/under"), "x");
        ADD_FAILURE() << "a path under a regular file was written";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(at("plain/under")), std::string::npos) << e.what();
    }
    EXPECT_EQ(others({"taken", "plain"}), std::vector<std::string>{});
}

// Two writers of one path (two CI jobs sharing an output): the file is always one of the two
// whole texts, never a mix, and no temporary is left.
TEST_F(OutputFiles, ConcurrentWritersNeverMix) {
    const std::string a(1 << 20, 'a'), b(1 << 20, 'b');
    std::thread one([&] {
        for (int i = 0; i < 20; ++i)
            write_output_file(at("shared"), a);
    });
    for (int i = 0; i < 20; ++i) {
        write_output_file(at("shared"), b);
        const std::string now = read(at("shared"));
        EXPECT_TRUE(now == a || now == b) << "a mixed or partial file of " << now.size();
    }
    one.join();
    EXPECT_EQ(others({"shared"}), std::vector<std::string>{});
}

TEST_F(OutputFiles, ProblemsNamedBeforeARun) {
    EXPECT_EQ(output_problem(at("new.json")), std::nullopt);
    EXPECT_EQ(output_problem(at("deeper/new.json")), std::nullopt);
    // A relative path under directories still to be made (a first --record into base/).
    const fs::path was = fs::current_path();
    fs::current_path(dir);
    EXPECT_EQ(output_problem("base/vendor/device.json"), std::nullopt);
    fs::current_path(was);
    EXPECT_EQ(output_problem("/dev/stdout"), std::nullopt);
    EXPECT_EQ(output_problem(dir.string()), "is a directory");
    write_output_file(at("plain"), "x");
    ASSERT_TRUE(output_problem(at("plain/under.json")).has_value());
    ASSERT_TRUE(output_problem("/proc/clgauge-no-such-dir/r.json").has_value());
    EXPECT_EQ(others({"plain"}), std::vector<std::string>{}) << "the probe was left behind";
}

TEST_F(OutputFiles, InputsThatAreNoFileAreRefused) {
    std::string why;
    EXPECT_EQ(read_file_text(dir.string(), &why), std::nullopt);
    EXPECT_EQ(why, "is a directory, not a file");
    // A baseline linked to /dev/zero would be read without end.
    fs::create_symlink("/dev/zero", dir / "zero.json");
    EXPECT_EQ(read_file_text(at("zero.json"), &why), std::nullopt);
    EXPECT_EQ(why, "is a device, not a file");
    write_output_file(at("big"), std::string(4096, 'x'));
    EXPECT_EQ(read_file_text(at("big"), &why, 1024), std::nullopt);
    EXPECT_NE(why.find("larger than"), std::string::npos) << why;
    EXPECT_EQ(read_file_text(at("big"), &why, 4096)->size(), 4096u);
    EXPECT_EQ(read_file_text(at("missing"), &why), std::nullopt);
    EXPECT_NE(why.find("cannot be read"), std::string::npos) << why;
}

std::string json_error(const std::string& text) {
    try {
        (void)parse_json<std::runtime_error>(text, "b.json");
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "accepted";
}

TEST(JsonInputs, DuplicateKeysAndOverflowsAreNamed) {
    EXPECT_EQ(json_error(R"({"a": 1, "b": {"c": 2}})"), "accepted");
    EXPECT_EQ(json_error(R"({"a": 1, "a": 2})"), "b.json: a: duplicate key");
    EXPECT_EQ(json_error(R"({"metrics": {"fp32.fma": {}, "fp32.fma": {}}})"),
              "b.json: metrics.fp32.fma: duplicate key");
    EXPECT_EQ(json_error(R"({"d": [{"x": 1}, {"x": 1, "y": 2, "y": 3}]})"),
              "b.json: d.y: duplicate key");
    // The same key in two objects is no duplicate.
    EXPECT_EQ(json_error(R"({"d": [{"x": 1}, {"x": 2}], "e": {"x": 3}})"), "accepted");
    const std::string overflow = json_error(R"({"value": 1e999})");
    EXPECT_EQ(overflow.rfind("b.json: not valid JSON:", 0), 0u) << overflow;
}

TEST_F(OutputFiles, LockIsExclusive) {
    std::atomic<int> inside{0}, most{0};
    auto hold = [&] {
        for (int i = 0; i < 50; ++i) {
            const FileLock lock(at(".x.lock"));
            const int now = ++inside;
            most = std::max(most.load(), now);
            std::this_thread::yield();
            --inside;
        }
    };
    std::thread other(hold);
    hold();
    other.join();
    EXPECT_EQ(most.load(), 1) << "two holders of one lock at once";
}

} // namespace
} // namespace clgauge
