#include "report/json_report.hpp"

#include "report/measurement_json.hpp"
#include "report/run_time.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace clgauge {

nlohmann::json facts_to_json(const DeviceFacts& f) {
    return {
        {"platform", f.platform},
        {"name", f.name},
        {"vendor", f.vendor},
        {"vendor_id", f.vendor_id},
        {"driver", f.driver},
        {"device_version", f.device_version},
        {"opencl_c_version", f.opencl_c_version},
        {"type", f.is_gpu()   ? "gpu"
                 : f.is_cpu() ? "cpu"
                              : "other"},
        {"pci_bus_id", f.pci_bus_id},
        {"compute_units", f.compute_units},
        {"max_clock_mhz", f.clock_mhz},
        {"nv_compute_capability",
         f.nv_cc_major ? std::to_string(f.nv_cc_major) + "." + std::to_string(f.nv_cc_minor) : ""},
        {"global_mem_bytes", f.global_mem},
        {"global_cache_bytes", f.global_cache},
        {"local_mem_bytes", f.local_mem},
        {"max_alloc_bytes", f.max_alloc},
        {"timer_resolution_ns", f.timer_resolution_ns}};
}

nlohmann::json caps_to_json(const Capabilities& c) {
    return {{"opencl_c", std::to_string(c.opencl_c_major) + "." + std::to_string(c.opencl_c_minor)},
            {"fp64", c.fp64},
            {"fp16", c.fp16},
            {"khr_subgroups", c.khr_subgroups},
            {"intel_subgroups", c.intel_subgroups},
            {"intel_subgroup_sizes", c.intel_subgroup_sizes},
            {"inline_ptx", c.inline_ptx},
            {"int_dot_4x8", c.int_dot_4x8},
            {"extensions", c.extensions},
            {"opencl_c_features", c.opencl_c_features},
            {"probe_notes", c.probe_notes}};
}

nlohmann::json report_to_json(const std::vector<DeviceReport>& reports) {
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& r : reports) {
        nlohmann::json metrics = nlohmann::json::array();
        for (const auto& x : r.results)
            metrics.push_back(measurement_to_json(*x.benchmark, x.measurement));
        devices.push_back({{"index", r.device_index},
                           {"device", facts_to_json(r.facts)},
                           {"capabilities", caps_to_json(r.caps)},
                           {"theoretical",
                            {{"cores", r.cores.cores(r.facts)},
                             {"fp32_flops", r.cores.fp32_peak(r.facts)},
                             {"basis", r.cores.basis}}},
                           {"mode", r.mode},
                           {"seed", r.seed},
                           {"metrics", metrics}});
    }
    return {{"schema", "clgauge.report"},
            {"schema_version", kReportSchemaVersion},
            {"clgauge_version", CLGAUGE_VERSION},
            {"date", utc_timestamp()},
            {"devices", devices}};
}

namespace {
std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s)
        q += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}
} // namespace

std::string report_to_csv(const std::vector<DeviceReport>& reports) {
    std::ostringstream os;
    os << "# clgauge report schema " << kReportSchemaVersion << "\n";
    os << "device,id,family,unit,status,path,rate,median_s,min_s,max_s,samples,host_median_s,"
          "verified,reason\n";
    for (const auto& r : reports)
        for (const auto& x : r.results) {
            const auto& m = x.measurement;
            char nums[256];
            std::snprintf(nums, sizeof nums, "%.6g,%.6g,%.6g,%.6g,%zu,%.6g", m.rate(),
                          m.timings.device.median, m.timings.device.min, m.timings.device.max,
                          m.timings.device.count(), m.timings.host.median);
            os << csv_field(r.facts.name) << "," << x.benchmark->id << "," << x.benchmark->family
               << "," << unit_name(x.benchmark->unit) << "," << status_name(m.status) << ","
               << m.path << "," << nums << "," << (m.verification.passed() ? "yes" : "no") << ","
               << csv_field(m.reason) << "\n";
        }
    return os.str();
}

} // namespace clgauge
