#include "cli/audit_cli.hpp"

#include "analysis/device_audit.hpp"
#include "core/files.hpp"

#include <iostream>
#include <stdexcept>
#include <unistd.h>

namespace clgauge {

int run_audit_cli(const CliOptions& cli, const std::vector<DeviceEntry>& devices,
                  const std::vector<const Benchmark*>& selection, const RunOptions& opts) {
    for (const DeviceEntry& d : devices)
        if (!d.facts.is_nvidia())
            throw std::runtime_error("--audit reads NVIDIA SASS: device " +
                                     std::to_string(d.index) + " (" + d.facts.name +
                                     ") is not an NVIDIA GPU; the isa label "
                                     "audits every NVIDIA path offline (docs/work-audit.md)");
    const NvidiaAssembler tools = find_nvidia_assembler();
    if (!tools.missing.empty()) throw std::runtime_error("--audit: " + tools.missing);
    const bool tty = isatty(STDERR_FILENO);
    int code = 0;
    nlohmann::json json = {{"schema", "clgauge.audit"},
                           {"schema_version", 1},
                           {"ptxas", tools.ptxas},
                           {"nvdisasm", tools.nvdisasm},
                           {"devices", nlohmann::json::array()}};
    for (const DeviceEntry& d : devices) {
        Session session(d);
        std::cout << "Device " << d.index << ": " << d.facts.name << " (driver " << d.facts.driver
                  << ")\n";
        const DeviceAudit audit = audit_device(
            session, selection, opts, cli.path, tools, [&](size_t i, const Benchmark& b) {
                if (tty)
                    std::cerr << "\r[" << i + 1 << "/" << selection.size() << "] " << b.id
                              << "                    " << std::flush;
            });
        if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
        print_audit(std::cout, audit);
        nlohmann::json device = audit_to_json(audit);
        device["index"] = d.index;
        device["name"] = d.facts.name;
        device["driver"] = d.facts.driver;
        json["devices"].push_back(device);
        if (audit.failed > 0) code = 1;
    }
    if (!cli.json_file.empty()) write_output_file(cli.json_file, json.dump(2) + "\n");
    return code;
}

} // namespace clgauge
