#include "analysis/nvidia_assembler.hpp"

#include "base/env.hpp"
#include "base/files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace clgauge {
namespace {

namespace fs = std::filesystem;

bool executable(const std::string& p) {
    return !p.empty() && ::access(p.c_str(), X_OK) == 0;
}

std::string find_tool(const char* variable, const char* name) {
    if (const std::string e = env_text(variable); !e.empty()) return executable(e) ? e : "";
    for (const char* dir : {"/usr/local/cuda/bin", "/opt/clgauge/cuda-isa/bin"})
        if (const std::string p = std::string(dir) + "/" + name; executable(p)) return p;
    std::istringstream dirs(env_text("PATH"));
    std::string dir;
    while (std::getline(dirs, dir, ':'))
        if (const std::string p = (dir.empty() ? "." : dir) + "/" + name; executable(p)) return p;
    return {};
}

std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// A folder of its own under the system's temporary folder, removed with it.
struct ScratchFolder {
    fs::path path;
    ScratchFolder() {
        std::string t = (fs::temp_directory_path() / "clgauge-sass-XXXXXX").string();
        if (::mkdtemp(t.data()) == nullptr) throw std::runtime_error("cannot make " + t);
        path = t;
    }
    ~ScratchFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
};

// Runs `command` with its output into `out`; true when it exited 0.
bool run(const std::string& command, const fs::path& out, std::string& text) {
    const bool ok = std::system((command + " > " + quoted(out.string()) + " 2>&1").c_str()) == 0;
    text = read_file_text(out.string()).value_or("");
    return ok;
}

} // namespace

NvidiaAssembler find_nvidia_assembler() {
    NvidiaAssembler t;
    t.ptxas = find_tool("CLGAUGE_PTXAS", "ptxas");
    t.nvdisasm = find_tool("CLGAUGE_NVDISASM", "nvdisasm");
    if (t.ptxas.empty())
        t.missing = "no NVIDIA ptxas (the CUDA toolkit's, scripts/setup-cuda-isa's, or "
                    "CLGAUGE_PTXAS)";
    else if (t.nvdisasm.empty())
        t.missing = "no NVIDIA nvdisasm (the CUDA toolkit's, scripts/setup-cuda-isa's, or "
                    "CLGAUGE_NVDISASM)";
    return t;
}

AssembledPtx assemble_ptx(const NvidiaAssembler& tools, const std::string& ptx,
                          const std::string& arch) {
    AssembledPtx a;
    a.arch = arch;
    if (a.arch.empty()) {
        static const std::regex target(R"(\.target\s+(sm_[0-9a-z]+))");
        std::smatch m;
        if (!std::regex_search(ptx, m, target)) {
            a.log = "the PTX names no .target sm_ architecture";
            return a;
        }
        a.arch = m[1].str();
    }
    ScratchFolder dir;
    const fs::path source = dir.path / "kernel.ptx", cubin = dir.path / "kernel.cubin";
    // The driver's PTX text may end with the NUL of a C string.
    std::ofstream(source) << std::string(ptx.c_str());
    std::string said;
    if (!run(quoted(tools.ptxas) + " -arch=" + a.arch + " -o " + quoted(cubin.string()) + " " +
                 quoted(source.string()),
             dir.path / "ptxas.log", said)) {
        a.log = "ptxas -arch=" + a.arch + " failed:\n" + said;
        return a;
    }
    if (!run(quoted(tools.nvdisasm) + " -c " + quoted(cubin.string()), dir.path / "sass", said)) {
        a.log = "nvdisasm failed:\n" + said;
        return a;
    }
    a.functions = parse_sass_listing(said);
    a.ok = true;
    return a;
}

} // namespace clgauge
