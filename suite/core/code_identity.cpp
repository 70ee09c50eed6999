#include "core/code_identity.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace clgauge {

std::string fnv1a64_hex(std::string_view bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string_view code_part(std::string_view binary) {
    // PoCL 3.x: "poclbin\0", a header, then files as (u32 name length, name, u32 size, data),
    // the first of which is /program.bc.
    static constexpr std::string_view kMagic("poclbin\0", 8), kBitcode("/program.bc");
    if (binary.substr(0, kMagic.size()) != kMagic) return binary;
    const size_t name = binary.find(kBitcode);
    if (name == std::string_view::npos || name < 4) return binary;
    const size_t size_at = name + kBitcode.size();
    if (size_at + 4 > binary.size()) return binary;
    uint32_t size = 0;
    std::memcpy(&size, binary.data() + size_at, 4); // little-endian hosts
    const size_t end = size_at + 4 + size_t(size);
    return end <= binary.size() ? binary.substr(0, end) : binary;
}

std::string program_fingerprint(const std::vector<std::string>& binaries,
                                const std::string& options) {
    std::string all;
    for (const auto& b : binaries) {
        all += code_part(b);
        all += '\0';
    }
    return fnv1a64_hex(all + options);
}

CodeIdentity combine(const std::vector<CodeIdentity>& programs) {
    if (programs.size() == 1) return programs.front();
    CodeIdentity c;
    if (programs.empty()) return c;
    std::string prints;
    std::vector<std::string> options;
    for (const auto& p : programs) {
        prints += p.fingerprint + ",";
        if (std::find(options.begin(), options.end(), p.build_options) == options.end()) {
            c.build_options += (options.empty() ? "" : " | ") + p.build_options;
            options.push_back(p.build_options);
        }
        c.resources_reported = c.resources_reported || p.resources_reported;
        c.kernels.insert(c.kernels.end(), p.kernels.begin(), p.kernels.end());
        c.device_code.insert(c.device_code.end(), p.device_code.begin(), p.device_code.end());
    }
    c.fingerprint = fnv1a64_hex(prints);
    return c;
}

} // namespace clgauge
