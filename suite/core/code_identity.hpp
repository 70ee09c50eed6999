// What code a benchmark ran: a fingerprint of the device binaries its programs were built into,
// the build options, and the compiler's per-kernel resources (kernel_resources.hpp). When a
// rate moves, "did the code change?" is answered by comparing fingerprints.
#pragma once
#include "core/kernel_resources.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace clgauge {

struct CodeIdentity {
    // FNV-1a 64 (hex) of the device binary and the build options; of several programs, of
    // their fingerprints in order. Empty: not known (an old report or baseline, or no build).
    std::string fingerprint;
    // The build options clgauge chose, without the ones it adds only to read the compiler's
    // report (-cl-nv-verbose); of several programs, each distinct set joined by " | ".
    std::string build_options;
    bool resources_reported = false; // the compiler reported resources (NVIDIA)
    std::vector<KernelResources> kernels;
    // The device binaries themselves (PTX text on NVIDIA), one per program, kept only where the
    // cache was asked to (ProgramCache::keep_device_code, for the work audit); never reported.
    std::vector<std::string> device_code;
    bool known() const { return !fingerprint.empty(); }
};

// FNV-1a 64 of `bytes`, as 16 hex digits.
std::string fnv1a64_hex(std::string_view bytes);

// The part of a program binary that is the code. All of it, except for PoCL's ("poclbin"
// container): that holds the program's LLVM bitcode and then work-group functions PoCL
// compiled and cached, which differ from run to run; its fingerprint is of the bitcode part.
std::string_view code_part(std::string_view binary);

// The fingerprint of one program: its binaries (one per device) and options.
std::string program_fingerprint(const std::vector<std::string>& binaries,
                                const std::string& options);

// One identity for a benchmark that built several programs (in the order used).
CodeIdentity combine(const std::vector<CodeIdentity>& programs);

} // namespace clgauge
