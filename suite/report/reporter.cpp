#include "report/reporter.hpp"

#include "base/files.hpp"
#include "report/console.hpp"
#include "report/json_report.hpp"

namespace clgauge {

void ReporterList::device(const DeviceReport& header) {
    for (auto& r : list_)
        r->device(header);
}
void ReporterList::results(const DeviceReport& report) {
    for (auto& r : list_)
        r->results(report);
}
void ReporterList::section(const std::string& key, const nlohmann::json& value) {
    for (auto& r : list_)
        r->section(key, value);
}
void ReporterList::finish() {
    for (auto& r : list_)
        r->finish();
}

void ConsoleReporter::device(const DeviceReport& header) {
    if (show_device_ && !show_device_(header.device_index)) return;
    print_device_table(os_, header);
    os_.flush();
}
void ConsoleReporter::results(const DeviceReport& report) {
    print_results(os_, report);
}

void FileReporter::device(const DeviceReport& header) {
    reports_.push_back(header);
    sections_.push_back(nlohmann::json::object());
}
void FileReporter::results(const DeviceReport& report) {
    if (reports_.empty()) device(report);
    reports_.back() = report;
}
void FileReporter::section(const std::string& key, const nlohmann::json& value) {
    if (!sections_.empty()) sections_.back()[key] = value;
}

void JsonReporter::finish() {
    auto j = report_to_json(reports_);
    for (size_t i = 0; i < sections_.size(); ++i)
        for (const auto& [k, v] : sections_[i].items())
            j["devices"][i][k] = v;
    write_output_file(path_, j.dump(2) + "\n");
}

void CsvReporter::finish() {
    write_output_file(path_, report_to_csv(reports_));
}

} // namespace clgauge
