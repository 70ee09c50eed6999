#include "isa_amdgcn.hpp"

#include "isa_nvptx.hpp"
#include "isa_scratch.hpp"
#include "text_file.hpp"

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

namespace clgauge::isa {
namespace {

namespace fs = std::filesystem;

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

// clang -S for amdgcn: a kernel's code runs from its label ("dp4a_s8:") to ".Lfunc_endN:";
// its descriptor (".amdhsa_kernel dp4a_s8" ... ".end_amdhsa_kernel") holds the scratch size.
std::map<std::string, AmdKernel> parse_amdgcn(const std::string& text) {
    static const std::regex label(R"(^([A-Za-z_][A-Za-z_0-9]*):)");
    static const std::regex func_end(R"(^\.Lfunc_end)");
    static const std::regex block(R"(^(\.LBB\d+_\d+):)");
    static const std::regex instruction(R"(^\s+([a-z][a-z0-9_]*(\s.*)?)$)");
    static const std::regex descriptor(R"(^\s*\.amdhsa_kernel\s+(\S+))");
    static const std::regex private_size(R"(^\s*\.amdhsa_private_segment_fixed_size\s+(\d+))");
    std::map<std::string, AmdKernel> kernels;
    std::istringstream in(text);
    std::string line, in_code, in_descriptor;
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, descriptor)) {
            in_descriptor = m[1].str();
        } else if (!in_descriptor.empty() && std::regex_search(line, m, private_size)) {
            kernels[in_descriptor].private_bytes = static_cast<unsigned>(std::stoul(m[1].str()));
        } else if (line.find(".end_amdhsa_kernel") != std::string::npos) {
            in_descriptor.clear();
        } else if (std::regex_search(line, func_end)) {
            in_code.clear();
        } else if (std::regex_search(line, m, label)) {
            in_code = m[1].str();
        } else if (!in_code.empty() && std::regex_search(line, m, block)) {
            kernels[in_code].code += m[1].str() + ":\n";
        } else if (!in_code.empty() && std::regex_search(line, m, instruction)) {
            kernels[in_code].code += m[1].str() + "\n";
        }
    }
    return kernels;
}

} // namespace

AmdTools find_amd_tools() {
    const ClangTools front = find_clang_and_libclc("amdgcn--amdhsa.bc");
    return {front.clang, front.libclc, front.missing};
}

AmdBuild build_for_gfx(const AmdTools& tools, const std::string& source, const std::string& options,
                       const std::string& gfx) {
    ScratchDir dir("amdgcn");
    const fs::path src = dir.path / "kernel.cl", out = dir.path / "kernel.s",
                   log = dir.path / "clang.log";
    std::ofstream(src) << source;
    // As ROCm's OpenCL compiler: OpenCL C 1.2, optimised; the device libraries are libclc's.
    const std::string cmd = quoted(tools.clang) + " -target amdgcn-unknown-amdhsa -mcpu=" + gfx +
                            " -nogpulib -x cl -cl-std=CL1.2 -O2 -Xclang -finclude-default-header "
                            "-Xclang -mlink-builtin-bitcode -Xclang " +
                            quoted(tools.libclc) + " " + options + " -S -o " +
                            quoted(out.string()) + " " + quoted(src.string()) + " > " +
                            quoted(log.string()) + " 2>&1";
    AmdBuild b;
    b.compiled = std::system(cmd.c_str()) == 0;
    b.log = test::read_text(log);
    if (b.compiled) b.kernels = parse_amdgcn(test::read_text(out));
    return b;
}

} // namespace clgauge::isa
