// label unit: the shape of suite/. The layer order (and reference/'s place in it) holds:
// every #include "folder/..." points to the file's own folder or to a folder below it. And
// no file outside suite/tests is longer than the house rule allows. No device needed.
#include "test_dir.hpp"
#include "text_file.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace clgauge {
namespace {

// Bottom first. A file may include its own folder and the folders before it, never one after.
// - reference:  CPU models of what each kernel stores (header-only, no OpenCL)
// - base:       the host's side, no OpenCL: statistics, the environment, files, the install
//               layout, text, threads, the host CPU and its memcpy
// - core:       the OpenCL runtime: devices, sessions, capabilities, programs and their code,
//               and the tables of what OpenCL does not report (peaks, caches, issue rates)
// - types:      Benchmark, ImplPath, Need, Measurement, RunOptions, Budget, Phase, Timings
// - registry:   the list of benchmarks, filled by the entry files' registrars
// - measure:    the measuring protocol: the driver, timing, the timed batch, the phase clock,
//               background work, the clock check, the watchdog, the ceiling, verification
// - harness:    how a kind of kernel is launched and what its output should be
// - benchmarks: the registry entries, one file per family
// - run:        runs a selection on one device (path choice, failure containment)
// - report:     console table, JSON, CSV, the reporter interface, the measurement codec
// - process:    the other processes of a run: supervisor, crash journal, build workers
// - baseline:   recording and checking a device's baseline file, the known-failure judge
// - sweep:      parameter sweeps over registry entries
// - analysis:   timing analysis and the roofline
// - conduct:    a mode's run over the chosen devices (the conductor)
// - cli:        the clgauge program: parses, dispatches, maps outcomes to exit statuses
// suite/tests sits above all of them.
constexpr std::array<const char*, 16> kLayers = {
    "reference", "base",   "core",    "types",    "registry", "measure",  "harness", "benchmarks",
    "run",       "report", "process", "baseline", "sweep",    "analysis", "conduct", "cli"};

int layer_rank(const std::string& folder) {
    for (size_t i = 0; i < kLayers.size(); ++i)
        if (folder == kLayers[i]) return int(i);
    return -1;
}

// What is wrong with the includes of `text`, a file of folder `layer`: one line a fault.
std::vector<std::string> include_faults(const std::string& layer, const std::string& text) {
    std::vector<std::string> faults;
    const int own = layer_rank(layer);
    if (own < 0) return {"folder '" + layer + "' has no place in the layer order"};
    static const std::regex include(R"re(^\s*#\s*include\s*"([A-Za-z_]+)/[^"]*")re");
    std::istringstream in(text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        const int target = layer_rank(m[1]);
        if (target < 0)
            faults.push_back("line " + std::to_string(n) + ": includes '" + m[1].str() +
                             "/', which has no place in the layer order");
        else if (target > own)
            faults.push_back("line " + std::to_string(n) + ": " + layer + " includes " +
                             m[1].str() + "/, a layer above it");
    }
    return faults;
}

TEST(Layers, EveryIncludePointsDown) {
    const std::filesystem::path root(CLGAUGE_SOURCE_DIR);
    size_t files = 0;
    std::vector<std::filesystem::path> folders = {root / "reference"};
    for (const auto& e : std::filesystem::directory_iterator(root / "suite"))
        if (e.is_directory() && e.path().filename() != "tests" && e.path().filename() != "cmake")
            folders.push_back(e.path());
    for (const auto& folder : folders)
        for (const auto& e : std::filesystem::recursive_directory_iterator(folder)) {
            const auto ext = e.path().extension();
            if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
            ++files;
            for (const auto& fault :
                 include_faults(folder.filename().string(), test::read_text(e.path())))
                ADD_FAILURE() << e.path().string() << ": " << fault;
        }
    EXPECT_GT(files, 50u) << "the source tree was not found under " << root;
}

// Planted faults: the check must see an include that points up, and a folder it does not know.
TEST(Layers, PlantedUpwardIncludeIsCaught) {
    EXPECT_TRUE(include_faults("harness", "#include \"types/benchmark.hpp\"\n").empty());
    const auto faults = include_faults("harness", "#include \"core/timing.hpp\"\n"
                                                  "#include \"report/format.hpp\"\n");
    ASSERT_EQ(faults.size(), 1u);
    EXPECT_NE(faults[0].find("line 2: harness includes report/"), std::string::npos) << faults[0];
    EXPECT_EQ(include_faults("types", "  #  include \"run/runner.hpp\"").size(), 1u);
    // The measuring protocol sits below the harnesses and above the OpenCL runtime and the
    // plain types.
    EXPECT_TRUE(include_faults("harness", "#include \"measure/measurement_driver.hpp\"").empty());
    EXPECT_EQ(include_faults("measure", "#include \"harness/launch.hpp\"").size(), 1u);
    EXPECT_EQ(include_faults("core", "#include \"measure/phase_clock.hpp\"").size(), 1u);
    EXPECT_EQ(include_faults("types", "#include \"measure/timing.hpp\"").size(), 1u);
    // The host's side knows no OpenCL.
    EXPECT_EQ(include_faults("base", "#include \"core/opencl.hpp\"").size(), 1u);
    EXPECT_TRUE(include_faults("core", "#include \"base/stats.hpp\"").empty());
}

TEST(Layers, PlantedUnknownFolderIsCaught) {
    EXPECT_EQ(include_faults("cli", "#include \"gadgets/x.hpp\"\n").size(), 1u);
    EXPECT_EQ(include_faults("gadgets", "").size(), 1u);
}

// cli/ parses, dispatches and maps exit statuses: it runs nothing itself. It reaches a run only
// through the conductor (conduct/), and may read the worker command's flags
// (process/worker_command.hpp), the wire format its parser reads back. Below cli nothing knows
// the command line: no CliOptions outside cli/. One line a fault.
std::vector<std::string> run_logic_faults(const std::string& layer, const std::string& text) {
    std::vector<std::string> faults;
    static const std::regex include(R"re(^\s*#\s*include\s*"([A-Za-z_]+/[^"]*)")re");
    static const std::regex cli_options(R"(\bCliOptions\b)");
    static const char* kRunLogic[] = {"run/", "harness/", "benchmarks/", "process/",
                                      "core/session.hpp"};
    std::istringstream in(text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const std::string where = "line " + std::to_string(n) + ": ";
        std::smatch m;
        if (layer == "cli" && std::regex_search(line, m, include)) {
            const std::string target = m[1];
            if (target == "process/worker_command.hpp") continue;
            for (const char* run : kRunLogic)
                if (target.rfind(run, 0) == 0)
                    faults.push_back(where + "cli includes " + target +
                                     ": run logic belongs below cli, reached through conduct/");
        }
        if (layer != "cli" && std::regex_search(line, cli_options))
            faults.push_back(where + layer + " names CliOptions: the layers below cli take " +
                             "RunOptions and a RunRequest");
    }
    return faults;
}

TEST(Layers, CliHoldsNoRunLogic) {
    const std::filesystem::path suite = std::filesystem::path(CLGAUGE_SOURCE_DIR) / "suite";
    size_t cli_files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(suite)) {
        const auto ext = e.path().extension();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        const std::string layer = e.path().parent_path().filename().string();
        if (layer == "tests" || e.path().string().find("/tests/") != std::string::npos) continue;
        cli_files += layer == "cli";
        for (const auto& fault : run_logic_faults(layer, test::read_text(e.path())))
            ADD_FAILURE() << e.path().string() << ": " << fault;
    }
    EXPECT_GT(cli_files, 5u) << "suite/cli was not found under " << suite;
}

// Planted faults: cli including the runner or the supervisor, and the process layer taking
// the command line's options, are caught; cli through the conductor is not.
TEST(Layers, PlantedRunLogicInCliIsCaught) {
    EXPECT_TRUE(run_logic_faults("cli", "#include \"conduct/conductor.hpp\"\n"
                                        "#include \"process/worker_command.hpp\"\n")
                    .empty());
    const auto faults = run_logic_faults("cli", "#include \"cli/options.hpp\"\n"
                                                "#include \"run/runner.hpp\"\n"
                                                "#include \"process/supervisor.hpp\"\n"
                                                "#include \"core/session.hpp\"\n");
    ASSERT_EQ(faults.size(), 3u);
    EXPECT_NE(faults[0].find("line 2: cli includes run/runner.hpp"), std::string::npos)
        << faults[0];
    const auto below = run_logic_faults("process", "void start(const CliOptions& cli);\n");
    ASSERT_EQ(below.size(), 1u);
    EXPECT_NE(below[0].find("process names CliOptions"), std::string::npos) << below[0];
}

// The house rule: a file of suite/ holds one job, about 400 lines; past this many a reader
// loses the seams. suite/tests is exempt: a suite of cases is long by nature.
constexpr size_t kMostLines = 450;

size_t line_count(const std::string& text) {
    const size_t newlines = size_t(std::count(text.begin(), text.end(), '\n'));
    return newlines + (text.empty() || text.back() == '\n' ? 0 : 1);
}

// Every file under `suite`, suite/tests aside, that is longer than kMostLines: one line each,
// its path and length. `files` counts the files looked at.
std::vector<std::string> oversized_files(const std::filesystem::path& suite, size_t& files) {
    std::vector<std::string> faults;
    files = 0;
    for (auto it = std::filesystem::recursive_directory_iterator(suite);
         it != std::filesystem::recursive_directory_iterator(); ++it) {
        if (it->is_directory() && it->path() == suite / "tests") {
            it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file()) continue;
        ++files;
        const size_t lines = line_count(test::read_text(it->path()));
        if (lines > kMostLines)
            faults.push_back(it->path().string() + ": " + std::to_string(lines) +
                             " lines, more than " + std::to_string(kMostLines) +
                             ": split it along a seam a reader sees");
    }
    return faults;
}

TEST(FileSizes, NoFileOfSuiteIsOverTheHouseRule) {
    size_t files = 0;
    for (const auto& fault :
         oversized_files(std::filesystem::path(CLGAUGE_SOURCE_DIR) / "suite", files))
        ADD_FAILURE() << fault;
    EXPECT_GT(files, 100u) << "the source tree was not found under " << CLGAUGE_SOURCE_DIR;
}

// Planted fault: a generated file one line over the limit is reported, by name and length;
// one at the limit, and an over-long file in suite/tests, are not.
TEST(FileSizes, PlantedOverlongFileIsCaught) {
    EXPECT_EQ(line_count(""), 0u);
    EXPECT_EQ(line_count("a\nb"), 2u);
    EXPECT_EQ(line_count("a\nb\n"), 2u);

    const std::filesystem::path suite = test::fresh_test_dir("file-sizes") / "suite";
    std::filesystem::create_directories(suite / "harness");
    std::filesystem::create_directories(suite / "tests");
    const auto write_lines = [](const std::filesystem::path& p, size_t n) {
        std::ofstream out(p);
        for (size_t i = 0; i < n; ++i)
            out << "int line" << i << ";\n";
    };
    write_lines(suite / "harness" / "at_the_limit.cpp", kMostLines);
    write_lines(suite / "harness" / "one_over.cpp", kMostLines + 1);
    write_lines(suite / "tests" / "long_suite.cpp", 3 * kMostLines);
    size_t files = 0;
    const auto faults = oversized_files(suite, files);
    EXPECT_EQ(files, 2u);
    ASSERT_EQ(faults.size(), 1u);
    EXPECT_NE(faults[0].find("one_over.cpp: 451 lines, more than 450"), std::string::npos)
        << faults[0];
    std::filesystem::remove_all(suite.parent_path());
}

// A harness's spec is its own: what the layers above need of an entry is data on the entry
// (Benchmark::loop_claim, ::unclaimed), not a cast to the harness's spec type. The sweeps, which
// run variants of an entry's spec, are the one reader (Benchmark::spec). One line a fault.
std::vector<std::string> spec_faults(const std::string& layer, const std::string& text) {
    std::vector<std::string> faults;
    if (layer == "harness" || layer == "benchmarks" || layer == "sweep") return faults;
    static const std::regex cast(R"(any_cast<\s*(const\s+)?\w+Spec\b|spec_of<)");
    std::istringstream in(text);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (std::regex_search(line, cast))
            faults.push_back("line " + std::to_string(n) + ": " + layer +
                             " reads a harness's spec: put what it needs on the entry");
    return faults;
}

TEST(Layers, NoLayerAboveReadsAHarnessSpec) {
    const std::filesystem::path suite = std::filesystem::path(CLGAUGE_SOURCE_DIR) / "suite";
    size_t files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(suite)) {
        const auto ext = e.path().extension();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        if (e.path().string().find("/tests/") != std::string::npos) continue;
        ++files;
        for (const auto& fault :
             spec_faults(e.path().parent_path().filename().string(), test::read_text(e.path())))
            ADD_FAILURE() << e.path().string() << ": " << fault;
    }
    EXPECT_GT(files, 50u);
}

TEST(Layers, PlantedSpecCastIsCaught) {
    EXPECT_EQ(spec_faults("analysis", "if (auto* c = std::any_cast<ChainSpec>(&b.spec)) {}").size(),
              1u);
    EXPECT_EQ(spec_faults("conduct", "const auto& m = spec_of<MmaSpec>(b);").size(), 1u);
    EXPECT_TRUE(spec_faults("sweep", "spec_of<ChainSpec>(registry_entry(\"fp32.fma\"))").empty());
    EXPECT_TRUE(spec_faults("analysis", "b.loop_claim(b, path, opts)").empty());
}

} // namespace
} // namespace clgauge
