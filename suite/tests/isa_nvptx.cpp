#include "isa_nvptx.hpp"

#include "analysis/sass_listing.hpp"
#include "core/kernel_resources.hpp"
#include "isa_scratch.hpp"
#include "text_file.hpp"

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace clgauge::isa {
namespace {

namespace fs = std::filesystem;

// scripts/setup-cuda-isa's virtual environment links both tools here.
const char* kCudaIsaBin = "/opt/clgauge/cuda-isa/bin";
const char* kLibclcDir = "/usr/lib/clc";
const char* kLibclcNvptx = "nvptx64--nvidiacl.bc";

// The PTX ISA of CUDA 12.4: every instruction clgauge writes exists in it (e4m3/e5m2
// mma.sync came with 8.4), and ptxas 13.0 reads it.
const char* kPtxVersion = "8.4";

std::string tool(const char* variable, const fs::path& installed, const char* name) {
    // A variable that names no executable leaves the tool missing: a skip, not a failed build.
    if (const char* e = std::getenv(variable); e && *e) return ::access(e, X_OK) == 0 ? e : "";
    if (::access(installed.c_str(), X_OK) == 0) return installed.string();
    return find_on_path(name);
}

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

// Runs `cmd` with stdout and stderr into `log`; true when it exited 0.
bool run(const std::string& cmd, const fs::path& log, std::string& text) {
    const bool ok = std::system((cmd + " > " + quoted(log.string()) + " 2>&1").c_str()) == 0;
    text = test::read_text(log);
    return ok;
}

// The instructions of each function of nvdisasm -c's listing, one a line (its labels left out).
std::map<std::string, SassKernel> parse_sass(const std::string& text) {
    std::map<std::string, SassKernel> kernels;
    for (const auto& [name, lines] : parse_sass_listing(text))
        for (const SassLine& l : lines)
            if (!l.label) kernels[name].code += l.text + "\n";
    return kernels;
}

PtxBuild assemble_in(const NvTools& tools, const fs::path& dir, PtxBuild b,
                     const std::string& arch) {
    const fs::path ptx = dir / "kernel.ptx", cubin = dir / "kernel.cubin", log = dir / "log";
    std::ofstream(ptx) << b.ptx;
    std::string ptxas_log;
    if (!run(quoted(tools.ptxas) + " -arch=" + arch + " -v -o " + quoted(cubin.string()) + " " +
                 quoted(ptx.string()),
             log, ptxas_log)) {
        b.log = "ptxas -arch=" + arch + " failed:\n" + ptxas_log;
        return b;
    }
    std::string sass;
    if (!run(quoted(tools.nvdisasm) + " -c " + quoted(cubin.string()), dir / "sass", sass)) {
        b.log = "nvdisasm failed:\n" + sass;
        return b;
    }
    b.kernels = parse_sass(sass);
    b.sass = sass;
    for (const KernelResources& k : parse_ptxas_resources(ptxas_log)) {
        SassKernel& kernel = b.kernels[k.kernel];
        kernel.stack_bytes = k.stack_bytes;
        kernel.spill_store_bytes = k.spill_store_bytes;
        kernel.spill_load_bytes = k.spill_load_bytes;
    }
    b.assembled = true;
    b.log = ptxas_log;
    return b;
}

} // namespace

bool isa_tools_required() {
    const char* v = std::getenv("CLGAUGE_REQUIRE_ISA_TOOLS");
    return v && std::string(v) == "1";
}

std::string find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const fs::path p = fs::path(dir.empty() ? "." : dir) / name;
        if (::access(p.c_str(), X_OK) == 0) return p.string();
    }
    return {};
}

ClangTools find_clang_and_libclc(const std::string& bitcode) {
    ClangTools t;
    t.clang = tool("CLGAUGE_ISA_CLANG", "/usr/bin/clang-15", "clang-15");
    const char* clc = std::getenv("CLGAUGE_LIBCLC_DIR");
    const fs::path libclc = fs::path(clc && *clc ? clc : kLibclcDir) / bitcode;
    if (fs::exists(libclc)) t.libclc = libclc.string();
    const std::string hint = " (scripts/setup-cuda-isa installs it)";
    if (t.clang.empty())
        t.missing = "no clang-15" + hint + "; CLGAUGE_ISA_CLANG names another";
    else if (t.libclc.empty())
        t.missing = "no " + libclc.string() + ": libclc-15 is not installed" + hint +
                    "; CLGAUGE_LIBCLC_DIR names its folder";
    return t;
}

NvTools find_nv_tools() {
    NvTools t;
    const ClangTools front = find_clang_and_libclc(kLibclcNvptx);
    t.clang = front.clang;
    t.libclc = front.libclc;
    t.missing = front.missing;
    t.ptxas = tool("CLGAUGE_PTXAS", fs::path(kCudaIsaBin) / "ptxas", "ptxas");
    t.nvdisasm = tool("CLGAUGE_NVDISASM", fs::path(kCudaIsaBin) / "nvdisasm", "nvdisasm");
    const std::string hint = " (scripts/setup-cuda-isa installs it)";
    if (!t.missing.empty()) return t;
    if (t.ptxas.empty())
        t.missing = "no NVIDIA ptxas" + hint + "; CLGAUGE_PTXAS names another";
    else if (t.nvdisasm.empty())
        t.missing = "no NVIDIA nvdisasm" + hint + "; CLGAUGE_NVDISASM names another";
    return t;
}

std::string retarget_ptx(const std::string& ptx, const std::string& arch) {
    static const std::regex version(R"((^|\n)\.version [^\n]*)");
    static const std::regex target(R"((^|\n)\.target [^\n]*)");
    const std::string v = std::regex_replace(ptx, version, std::string("$1.version ") + kPtxVersion,
                                             std::regex_constants::format_first_only);
    return std::regex_replace(v, target, "$1.target " + arch,
                              std::regex_constants::format_first_only);
}

PtxBuild build_for_sm(const NvTools& tools, const std::string& source, const std::string& options,
                      const std::string& arch) {
    ScratchDir dir("ptx");
    const fs::path src = dir.path / "kernel.cl", ptx = dir.path / "kernel.ptx";
    std::ofstream(src) << source;
    // What NVIDIA's OpenCL compiler does by default: OpenCL C 1.2, optimised, every function
    // inlined (the kernels' helpers are `inline` without an external definition), `asm`
    // accepted as a keyword, half2 arithmetic compiled (the nvhalf path). sm_86 is clang-15's
    // newest target: below sm_53 it would widen half arithmetic to float.
    const std::string cmd =
        quoted(tools.clang) +
        " -target nvptx64-unknown-nvidiacl -Xclang -target-cpu -Xclang sm_86 -x cl "
        "-cl-std=CL1.2 -O2 -fgnu-keywords -mllvm -inline-threshold=100000 "
        "-Xclang -cl-ext=+cl_khr_fp16 -Xclang -finclude-default-header "
        "-Xclang -mlink-builtin-bitcode -Xclang " +
        quoted(tools.libclc) + " " + options + " -S -o " + quoted(ptx.string()) + " " +
        quoted(src.string());
    PtxBuild b;
    std::string log;
    if (!run(cmd, dir.path / "clang.log", log)) {
        b.log = "clang failed (" + options + "):\n" + log;
        return b;
    }
    b.compiled = true;
    b.ptx = retarget_ptx(test::read_text(ptx), arch);
    return assemble_in(tools, dir.path, std::move(b), arch);
}

std::string ptx_entry(const std::string& ptx, const std::string& kernel) {
    const size_t begin = ptx.find(".entry " + kernel + "(");
    if (begin == std::string::npos) return {};
    const size_t end = ptx.find(".entry ", begin + 1);
    return ptx.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

} // namespace clgauge::isa
