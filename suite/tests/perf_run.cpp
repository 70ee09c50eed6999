#include "perf_run.hpp"

#include "base/env.hpp"
#include "base/files.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

namespace clgauge::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kOwnerFile = "run.json";

// Field 22 of /proc/PID/stat, counted after the command name's closing parenthesis (the name
// itself may hold spaces and parentheses). 0 when the process is gone.
unsigned long long process_start(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    const std::string stat((std::istreambuf_iterator<char>(in)), {});
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(stat.substr(close + 1));
    std::string field;
    for (int i = 3; i <= 22 && (fields >> field); ++i)
        if (i == 22) return std::strtoull(field.c_str(), nullptr, 10);
    return 0;
}

std::string folder_name(const std::string& text) {
    std::string s;
    for (char c : text)
        s += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
    return s.substr(0, 64);
}

} // namespace

PerfRun this_perf_run() {
    PerfRun r;
    r.owner = ::getppid();
    r.owner_start = process_start(r.owner);
    const std::string named = env_text("CLGAUGE_PERF_RUN");
    r.id = !named.empty()
               ? "named-" + folder_name(named)
               : "ctest-" + std::to_string(r.owner) + "-" + std::to_string(r.owner_start);
    return r;
}

std::string perf_run_dir(const std::string& verdicts, const PerfRun& run) {
    return (fs::path(verdicts) / run.id).string();
}

bool process_alive(pid_t pid, unsigned long long start) {
    return pid > 0 && start > 0 && process_start(pid) == start;
}

std::string claim_perf_run(const std::string& verdicts, const PerfRun& run) {
    fs::create_directories(verdicts);
    const FileLock lock((fs::path(verdicts) / ".lock").string());
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(verdicts, ec)) {
        if (!e.is_directory() || e.path().filename() == run.id) continue;
        const std::optional<std::string> text = read_file_text((e.path() / kOwnerFile).string());
        const nlohmann::json j =
            text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json(nullptr);
        const pid_t pid = j.is_object() ? j.value("owner", pid_t{0}) : 0;
        const unsigned long long start = j.is_object() ? j.value("owner_start", 0ull) : 0ull;
        if (process_alive(pid, start))
            throw PerfRunBusy("another perf run is under way in " + verdicts + " (run " +
                              e.path().filename().string() + ", its ctest is process " +
                              std::to_string(pid) +
                              "): two runs in one build tree would time the device at once; "
                              "let it end, or run this one from another build tree");
        fs::remove_all(e.path(), ec); // an ended run's: never this run's verdicts
    }
    const std::string dir = perf_run_dir(verdicts, run);
    fs::create_directories(dir);
    const std::string owner = (fs::path(dir) / kOwnerFile).string();
    if (!fs::exists(owner))
        write_output_file(owner, nlohmann::json{{"schema", "clgauge.perf_run"},
                                                {"owner", run.owner},
                                                {"owner_start", run.owner_start}}
                                         .dump() +
                                     "\n");
    return dir;
}

} // namespace clgauge::test
