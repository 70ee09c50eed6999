// label isa: Intel kernels compiled without Intel hardware. Intel's offline compiler (ocloc,
// Debian package intel-opencl-icd) builds the DPAS probe (kernels/isa_probe_dpas.cl) and the
// sub-group block I/O kernels (kernels/subgroup.cl, intel path) and, with
// IGC_ShaderDumpEnable=1, dumps the ISA; the tests assert that the instructions the kernels
// exist for are really there: `dpas`, and block loads/stores (LSC transposed messages
// `load.ugm.dNxMt` / `store.ugm.dNxMt`, or the older `oword block read/write`).
// pvc (sub-group 16) must have them; other targets are reported, not failed: Debian 12's
// ocloc compiles the DPAS built-ins for acm-g10 to no dpas at all.
#include "core/kernel_sources.hpp"
#include "isa_nvptx.hpp"
#include "isa_scratch.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace clgauge {
namespace {

namespace fs = std::filesystem;

std::string find_ocloc() {
    if (const char* e = std::getenv("CLGAUGE_OCLOC"); e && *e) return e;
    return isa::find_on_path("ocloc");
}

struct Build {
    bool ok = false;
    std::string log;
    std::map<std::string, std::string> isa; // kernel name -> its code after the prologs
};

// Compiles the embedded kernel file (includes expanded) for one ocloc target.
Build ocloc_build(const std::string& ocloc, const std::string& file, const std::string& device,
                  const std::string& options) {
    isa::ScratchDir dir("ocloc");
    const fs::path src = dir.path / file, dump = dir.path / "dump", log = dir.path / "log";
    std::ofstream(src) << kernel_source(file);
    const std::string cmd = "IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir='" + dump.string() + "' '" +
                            ocloc + "' compile -q -file '" + src.string() + "' -device " + device +
                            " -options '" + options + "' -out_dir '" + (dir.path / "out").string() +
                            "' > '" + log.string() + "' 2>&1";
    Build b;
    b.ok = std::system(cmd.c_str()) == 0;
    b.log = test::read_text(log);
    if (!fs::exists(dump)) return b;
    static const std::regex kernel_line(R"(^//\.kernel\s+(\S+))");
    static const std::regex main_label(R"(^(//\s*)?_main:)");
    for (const auto& e : fs::directory_iterator(dump)) {
        if (e.path().extension() != ".asm") continue;
        std::istringstream in(test::read_text(e.path()));
        std::string line, name, code;
        bool in_main = false;
        std::smatch m;
        while (std::getline(in, line)) {
            if (name.empty() && std::regex_search(line, m, kernel_line)) name = m[1].str();
            if (std::regex_search(line, main_label))
                in_main = true;
            else if (in_main)
                code += line + "\n";
        }
        if (!name.empty()) b.isa[name] += code;
    }
    return b;
}

size_t count_matches(const std::string& text, const std::regex& re) {
    return static_cast<size_t>(
        std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

const std::regex kDpas(R"(\bdpasw?\.)");
const std::regex kBlockLoad(R"(\bload\.ugm\.d\d+x\d+t\.|oword (aligned )?block read)");
const std::regex kBlockStore(R"(\bstore\.ugm\.d\d+x\d+t\.|oword (dual )?block write)");

const char* kDpasOptions = "-Dcl_intel_subgroup_matrix_multiply_accumulate";
const char* kBlockOptions = "-DCLG_SG_INTEL -DCLG_SG_BLOCK_KERNELS -DCLG_SG_REQD_SIZE=16";
const std::vector<std::string> kDpasKernels = {"isa_dpas_i8", "isa_dpas_f16", "isa_dpas_bf16"};

class Isa : public ::testing::Test {
  protected:
    void SetUp() override {
        ocloc_ = find_ocloc();
        CLGAUGE_ISA_NEEDS_TOOLS(ocloc_.empty()
                                    ? "ocloc is not installed (Debian package intel-opencl-icd, "
                                      "which scripts/setup installs); set CLGAUGE_OCLOC to use "
                                      "another one"
                                    : "");
    }
    std::string ocloc_;
};

TEST_F(Isa, PvcDpasKernelsContainDpas) {
    const Build b = ocloc_build(ocloc_, "isa_probe_dpas.cl", "pvc", kDpasOptions);
    ASSERT_TRUE(b.ok) << "ocloc failed:\n" << b.log;
    for (const auto& k : kDpasKernels) {
        ASSERT_TRUE(b.isa.count(k)) << "no ISA dumped for " << k << "; ocloc said:\n" << b.log;
        const size_t n = count_matches(b.isa.at(k), kDpas);
        EXPECT_GT(n, 0u) << k << " compiled for pvc without any dpas instruction:\n" << b.isa.at(k);
        std::cout << "pvc " << k << ": " << n << " dpas\n";
    }
}

TEST_F(Isa, PvcBlockIoKernelsContainBlockMessages) {
    const Build b = ocloc_build(ocloc_, "subgroup.cl", "pvc", kBlockOptions);
    ASSERT_TRUE(b.ok) << "ocloc failed:\n" << b.log;
    for (const char* k : {"sg_block_read", "sg_block_write", "sg_lane_map"})
        ASSERT_TRUE(b.isa.count(k)) << "no ISA dumped for " << k << "; ocloc said:\n" << b.log;
    const size_t loads = count_matches(b.isa.at("sg_block_read"), kBlockLoad);
    const size_t stores = count_matches(b.isa.at("sg_block_write"), kBlockStore);
    EXPECT_GT(loads, 0u) << "sg_block_read has no block load:\n" << b.isa.at("sg_block_read");
    EXPECT_GT(stores, 0u) << "sg_block_write has no block store:\n" << b.isa.at("sg_block_write");
    // The control: a kernel with only ordinary stores must show none, or the patterns (or
    // the prolog cut) would prove nothing.
    EXPECT_EQ(count_matches(b.isa.at("sg_lane_map"), kBlockLoad) +
                  count_matches(b.isa.at("sg_lane_map"), kBlockStore),
              0u)
        << "sg_lane_map matches the block patterns:\n"
        << b.isa.at("sg_lane_map");
    std::cout << "pvc sg_block_read: " << loads << " block loads; sg_block_write: " << stores
              << " block stores\n";
}

// Other targets: what this ocloc makes of the same kernels is reported, never failed, except
// that a successful build must have dumped ISA (else the checks above could not see anything).
TEST_F(Isa, OtherTargetsAreReported) {
    // acm-g10 (Arc A770) has DPAS hardware; tgllp (Xe-LP) has none, so only block I/O there.
    struct Target {
        const char* device;
        bool dpas;
    };
    for (const Target t : {Target{"acm-g10", true}, Target{"tgllp", false}}) {
        // A build that succeeded must have dumped ISA, or nothing here could be seen.
        auto built = [&](const Build& b) {
            if (!b.ok) std::cout << "NOTE: ocloc cannot build for " << t.device << ":\n" << b.log;
            EXPECT_TRUE(!b.ok || !b.isa.empty()) << t.device << ": ocloc built but dumped no ISA";
            return b.ok;
        };
        if (t.dpas) {
            const Build b = ocloc_build(ocloc_, "isa_probe_dpas.cl", t.device, kDpasOptions);
            if (built(b))
                for (const auto& k : kDpasKernels) {
                    const size_t n = b.isa.count(k) ? count_matches(b.isa.at(k), kDpas) : 0;
                    if (n == 0)
                        std::cout << "NOTE: ocloc for " << t.device << " compiled " << k
                                  << " to no dpas instruction: this compiler drops DPAS for "
                                     "that target\n";
                    else
                        std::cout << t.device << " " << k << ": " << n << " dpas\n";
                }
        }
        const Build b = ocloc_build(ocloc_, "subgroup.cl", t.device, kBlockOptions);
        if (built(b)) {
            const auto count = [&](const char* k, const std::regex& re) {
                return b.isa.count(k) ? count_matches(b.isa.at(k), re) : 0;
            };
            const size_t loads = count("sg_block_read", kBlockLoad);
            const size_t stores = count("sg_block_write", kBlockStore);
            if (loads == 0 || stores == 0)
                std::cout << "NOTE: ocloc for " << t.device
                          << " dropped sub-group block I/O: " << loads << " block loads, " << stores
                          << " block stores\n";
            else
                std::cout << t.device << ": " << loads << " block loads, " << stores
                          << " block stores\n";
        }
    }
}

} // namespace
} // namespace clgauge
