#include "core/capability_memo.hpp"

#include "base/files.hpp"
#include "core/code_identity.hpp"
#include "core/kernel_report_memo.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>

namespace clgauge {
namespace {

std::string memo_path(const std::string& key) {
    const std::string dir = clgauge_cache_dir();
    return dir.empty() ? "" : dir + "/capabilities/" + key + ".json";
}

nlohmann::json to_json(const Capabilities& c) {
    return {{"extensions", c.extensions},
            {"opencl_c_features", c.opencl_c_features},
            {"opencl_c", {c.opencl_c_major, c.opencl_c_minor}},
            {"fp64", c.fp64},
            {"fp16", c.fp16},
            {"khr_subgroups", c.khr_subgroups},
            {"intel_subgroups", c.intel_subgroups},
            {"intel_block_io", c.intel_block_io},
            {"inline_ptx", c.inline_ptx},
            {"int_dot_4x8", c.int_dot_4x8},
            {"amd_dot4", c.amd_dot4},
            {"amd_mfma_i8", c.amd_mfma_i8},
            {"intel_dpas", c.intel_dpas},
            {"int64_atomics", c.int64_atomics},
            {"c11_atomics", {c.c11_atomics_device_scope, c.c11_atomics_work_group_scope}},
            {"float_atomic_add", {c.float_atomic_add_global, c.float_atomic_add_local}},
            {"images", c.images},
            {"image_gap", c.image_gap},
            {"intel_subgroup_sizes", c.intel_subgroup_sizes},
            {"nv_cc", c.nv_cc},
            {"probe_notes", c.probe_notes}};
}

Capabilities from_json(const nlohmann::json& j) {
    Capabilities c;
    c.extensions = j.at("extensions").get<std::set<std::string>>();
    c.opencl_c_features = j.at("opencl_c_features").get<std::set<std::string>>();
    c.opencl_c_major = j.at("opencl_c").at(0).get<int>();
    c.opencl_c_minor = j.at("opencl_c").at(1).get<int>();
    c.fp64 = j.at("fp64").get<bool>();
    c.fp16 = j.at("fp16").get<bool>();
    c.khr_subgroups = j.at("khr_subgroups").get<bool>();
    c.intel_subgroups = j.at("intel_subgroups").get<bool>();
    c.intel_block_io = j.at("intel_block_io").get<bool>();
    c.inline_ptx = j.at("inline_ptx").get<bool>();
    c.int_dot_4x8 = j.at("int_dot_4x8").get<bool>();
    c.amd_dot4 = j.at("amd_dot4").get<bool>();
    c.amd_mfma_i8 = j.at("amd_mfma_i8").get<bool>();
    c.intel_dpas = j.at("intel_dpas").get<bool>();
    c.int64_atomics = j.at("int64_atomics").get<bool>();
    c.c11_atomics_device_scope = j.at("c11_atomics").at(0).get<bool>();
    c.c11_atomics_work_group_scope = j.at("c11_atomics").at(1).get<bool>();
    c.float_atomic_add_global = j.at("float_atomic_add").at(0).get<bool>();
    c.float_atomic_add_local = j.at("float_atomic_add").at(1).get<bool>();
    c.images = j.at("images").get<bool>();
    c.image_gap = j.at("image_gap").get<std::string>();
    c.intel_subgroup_sizes = j.at("intel_subgroup_sizes").get<std::vector<size_t>>();
    c.nv_cc = j.at("nv_cc").get<int>();
    c.probe_notes = j.at("probe_notes").get<std::vector<std::string>>();
    return c;
}

} // namespace

std::string capability_key(const DeviceEntry& entry) {
    const DeviceFacts& f = entry.facts;
    std::string text = f.platform + '\n' + f.name + '\n' + f.vendor + '\n' + f.driver + '\n' +
                       f.device_version + '\n' + f.opencl_c_version + '\n' +
                       std::to_string(f.nv_cc_major) + "." + std::to_string(f.nv_cc_minor) + '\n';
    try {
        text += entry.platform.getInfo<CL_PLATFORM_VERSION>() + '\n' +
                entry.device.getInfo<CL_DEVICE_EXTENSIONS>();
    } catch (const cl::Error&) {
    }
    return fnv1a64_hex(text);
}

void remember_capabilities(const std::string& key, const Capabilities& caps) {
    const std::string path = memo_path(key);
    if (path.empty()) return;
    try {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        write_output_file(path, to_json(caps).dump() + "\n");
    } catch (const std::exception&) { // a read-only home: the probes run again next time
    }
}

std::optional<Capabilities> recall_capabilities(const std::string& key) {
    const std::string path = memo_path(key);
    if (path.empty()) return std::nullopt;
    const auto text = read_file_text(path);
    if (!text) return std::nullopt;
    try {
        return from_json(nlohmann::json::parse(*text));
    } catch (const std::exception&) { // a file of another format or cut short: probe again
        return std::nullopt;
    }
}

} // namespace clgauge
