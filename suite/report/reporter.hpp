// What a run reports, device by device. The console table, the JSON file and the CSV file
// implement Reporter; the sweeps and the timing analysis add their parts of a device's report
// through section(), and the program sends every call to all of them through ReporterList.
#pragma once
#include "types/results.hpp"

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace clgauge {

class Reporter {
  public:
    virtual ~Reporter() = default;
    // A device's run begins: its facts and capabilities, its mode, no results yet.
    virtual void device(const DeviceReport& header) = 0;
    // The benchmark results of the device device() announced last.
    virtual void results(const DeviceReport& report) = 0;
    // A further part of that device's report under `key` ("sweeps", "timing_analysis").
    virtual void section(const std::string& key, const nlohmann::json& value) = 0;
    // The run is over: files are written.
    virtual void finish() = 0;
};

class ReporterList : public Reporter {
  public:
    void add(std::unique_ptr<Reporter> r) { list_.push_back(std::move(r)); }
    void device(const DeviceReport& header) override;
    void results(const DeviceReport& report) override;
    void section(const std::string& key, const nlohmann::json& value) override;
    void finish() override;

  private:
    std::vector<std::unique_ptr<Reporter>> list_;
};

// The device box, then the results table (report/console.hpp). `show_device(index)` says
// whether a device's box is still to be printed (a resumed run printed it already).
class ConsoleReporter : public Reporter {
  public:
    explicit ConsoleReporter(std::ostream& os, std::function<bool(size_t)> show_device = {})
        : os_(os), show_device_(std::move(show_device)) {}
    void device(const DeviceReport& header) override;
    void results(const DeviceReport& report) override;
    void section(const std::string&, const nlohmann::json&) override {}
    void finish() override {}

  private:
    std::ostream& os_;
    std::function<bool(size_t)> show_device_;
};

// Keeps every device's report and sections; the JSON and CSV reporters write them at the end.
class FileReporter : public Reporter {
  public:
    explicit FileReporter(std::string path) : path_(std::move(path)) {}
    void device(const DeviceReport& header) override;
    void results(const DeviceReport& report) override;
    void section(const std::string& key, const nlohmann::json& value) override;

  protected:
    std::string path_;
    std::vector<DeviceReport> reports_;
    std::vector<nlohmann::json> sections_; // per device: key -> value
};

// The versioned JSON report (report/json_report.hpp), each device with its sections.
class JsonReporter : public FileReporter {
  public:
    using FileReporter::FileReporter;
    void finish() override;
};

// One CSV row per benchmark result (sections have no CSV form).
class CsvReporter : public FileReporter {
  public:
    using FileReporter::FileReporter;
    void finish() override;
};

} // namespace clgauge
