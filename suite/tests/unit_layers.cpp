// label unit: the layer order of suite/ (and reference/) holds: every #include "folder/..."
// points to the file's own folder or to a folder below it. No device needed.
#include "text_file.hpp"

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
// - core:       OpenCL objects, devices, timing, statistics, environment, files
// - types:      Benchmark, Path, Need, Measurement, RunOptions, DeviceReport
// - registry:   the list of benchmarks, filled by the entry files' registrars
// - harness:    how a kind of kernel is launched, timed and verified
// - benchmarks: the registry entries, one file per family
// - run:        runs a selection on one device (path choice, failure containment)
// - report:     console table, JSON, CSV, the reporter interface
// - baseline:   recording and checking a device's baseline file
// - sweep:      parameter sweeps over registry entries
// - analysis:   timing analysis and the roofline
// - cli:        the clgauge program
// suite/tests sits above all of them.
constexpr std::array<const char*, 12> kLayers = {"reference", "core",       "types",    "registry",
                                                 "harness",   "benchmarks", "run",      "report",
                                                 "baseline",  "sweep",      "analysis", "cli"};

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
}

TEST(Layers, PlantedUnknownFolderIsCaught) {
    EXPECT_EQ(include_faults("cli", "#include \"gadgets/x.hpp\"\n").size(), 1u);
    EXPECT_EQ(include_faults("gadgets", "").size(), 1u);
}

} // namespace
} // namespace clgauge
