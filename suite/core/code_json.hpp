// CodeIdentity in the JSON files clgauge writes (report, crash journal, baseline): one shape
// everywhere, read with errors that name the file and the field. Absent in files written
// before fingerprints: read as unknown code.
#pragma once
#include "base/json_fields.hpp"
#include "core/code_identity.hpp"

#include <cctype>

namespace clgauge {

template <class Json> Json code_to_json(const CodeIdentity& c) {
    auto bytes = [](long v) { return v < 0 ? Json(nullptr) : Json(static_cast<uint64_t>(v)); };
    Json kernels = Json::array();
    for (const auto& k : c.kernels)
        kernels.push_back({{"name", k.kernel},
                           {"registers", bytes(k.registers)},
                           {"spill_store_bytes", bytes(k.spill_store_bytes)},
                           {"spill_load_bytes", bytes(k.spill_load_bytes)},
                           {"stack_bytes", bytes(k.stack_bytes)},
                           {"local_bytes", bytes(k.local_bytes)}});
    return {{"fingerprint", c.fingerprint},
            {"build_options", c.build_options},
            {"resources_reported", c.resources_reported},
            {"kernels", kernels}};
}

// The "code" object of `parent`, or unknown code when it has none.
template <class Error> CodeIdentity code_from_json(const JsonFields<Error>& parent) {
    CodeIdentity c;
    if (!parent.has("code")) return c;
    const JsonFields<Error> f = parent.object("code");
    c.fingerprint = f.str("fingerprint");
    for (char ch : c.fingerprint)
        if (!std::isxdigit(static_cast<unsigned char>(ch)))
            f.fail("fingerprint", "must be hex digits, got \"" + c.fingerprint + "\"");
    c.build_options = f.str("build_options", false);
    c.resources_reported = f.has("resources_reported") && f.boolean("resources_reported");
    if (!f.has("kernels")) return c;
    const auto& kernels = f.array("kernels");
    for (size_t i = 0; i < kernels.size(); ++i) {
        const JsonFields<Error> k = f.element("kernels", i);
        KernelResources r;
        r.kernel = k.str("name");
        if (r.kernel.empty()) k.fail("name", "must not be empty");
        auto bytes = [&](const char* key) -> long {
            if (!k.has(key) || k.at(key).is_null()) return -1;
            return long(k.count(key));
        };
        r.registers = bytes("registers");
        r.spill_store_bytes = bytes("spill_store_bytes");
        r.spill_load_bytes = bytes("spill_load_bytes");
        r.stack_bytes = bytes("stack_bytes");
        r.local_bytes = bytes("local_bytes");
        c.kernels.push_back(r);
    }
    return c;
}

} // namespace clgauge
