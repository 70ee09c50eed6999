#include "report/console.hpp"

#include "report/format.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace clgauge {
namespace {
constexpr int kWidth = 79;
const char* kRule =
    "|-----------------------------------------------------------------------------|";
const char* kTop =
    "|----------------.------------------------------------------------------------|";
const char* kBottom =
    "|----------------'------------------------------------------------------------|";

std::string fit(std::string s, size_t n) {
    if (s.size() > n) s = s.substr(0, n - 3) + "...";
    return s + std::string(n - s.size(), ' ');
}
void field(std::ostream& os, const std::string& key, const std::string& value) {
    os << "| " << fit(key, 14) << " | " << fit(value, 58) << " |\n";
}
void line(std::ostream& os, const std::string& text) {
    os << "| " << fit(text, kWidth - 4) << " |\n";
}
double fp32_rate(const DeviceReport& r) {
    for (const auto& x : r.results)
        if (x.benchmark->id == "fp32.fma") return x.measurement.rate();
    return 0;
}
} // namespace

void print_device_list(std::ostream& os, const std::vector<DeviceEntry>& all) {
    os << kTop << "\n";
    for (const auto& e : all)
        field(os, "Device ID " + std::to_string(e.index),
              e.facts.name + " (" + e.facts.platform + ")");
    os << kBottom << "\n";
}

std::string compute_units_text(const DeviceFacts& f, const CoreEstimate& cores) {
    char buf[160];
    // A CPU device's peak is the host's (its logical CPUs at their measured clock), whatever
    // the device reports.
    if (cores.host_units > 0)
        std::snprintf(buf, sizeof buf, "%u at %u MHz (host %.0f MHz measured, %.3f TFLOPs/s)",
                      f.compute_units, f.clock_mhz, cores.clock_mhz(f), cores.fp32_peak(f) / 1e12);
    // Intel's CPU runtime reports CL_DEVICE_MAX_CLOCK_FREQUENCY as 0: no peak follows from that.
    else if (f.clock_mhz == 0)
        std::snprintf(buf, sizeof buf, "%u, clock not reported (%u cores, peak unknown)",
                      f.compute_units, cores.cores(f));
    else
        std::snprintf(buf, sizeof buf, "%u at %u MHz (%u cores, %.3f TFLOPs/s)", f.compute_units,
                      f.clock_mhz, cores.cores(f), cores.fp32_peak(f) / 1e12);
    return buf;
}

void print_device_table(std::ostream& os, const DeviceReport& r) {
    const auto& f = r.facts;
    char buf[160];
    os << kTop << "\n";
    field(os, "Device ID", std::to_string(r.device_index));
    field(os, "Device Name", f.name);
    field(os, "Device Vendor", f.vendor);
    field(os, "Device Driver", f.driver + " (" + f.platform + ")");
    field(os, "OpenCL Version", f.opencl_c_version + " / " + f.device_version);
    field(os, "Compute Units", compute_units_text(f, r.cores));
    std::snprintf(buf, sizeof buf, "%llu MB %s, %llu KB global / %llu KB local",
                  (unsigned long long)(f.global_mem >> 20), f.is_gpu() ? "VRAM" : "RAM",
                  (unsigned long long)(f.global_cache >> 10),
                  (unsigned long long)(f.local_mem >> 10));
    field(os, "Memory, Cache", buf);
    std::snprintf(buf, sizeof buf, "%llu MB global, %llu KB constant",
                  (unsigned long long)(f.max_alloc >> 20),
                  (unsigned long long)(f.constant_buffer >> 10));
    field(os, "Buffer Limits", buf);
    std::string caps;
    caps += r.caps.fp64 ? "fp64 " : "";
    caps += r.caps.fp16 ? "fp16 " : "";
    caps += r.caps.khr_subgroups ? "khr-subgroups " : "";
    caps += r.caps.intel_subgroups ? "intel-subgroups " : "";
    caps += r.caps.inline_ptx ? "inline-ptx " : "";
    caps += r.caps.int_dot_4x8 ? "int-dot-4x8 " : "";
    if (r.caps.nv_cc) caps += "sm_" + std::to_string(r.caps.nv_cc) + " ";
    field(os, "Capabilities", caps.empty() ? "(none of note)" : caps);
    field(os, "Peak basis", r.cores.basis);
    os << kBottom << "\n";
}

namespace {
// Every line of `text` behind `prefix`, each ending in a newline.
std::string indented(const std::string& text, const std::string& prefix) {
    std::string out;
    size_t at = 0;
    while (at < text.size()) {
        const size_t end = std::min(text.find('\n', at), text.size());
        out += prefix + text.substr(at, end - at) + "\n";
        at = end + 1;
    }
    return out;
}

std::string detail(const Measurement& m, const std::string& key) {
    for (const auto& [k, v] : m.details)
        if (k == key) return v;
    return {};
}
} // namespace

std::string result_row(const BenchmarkResult& x, double fp32) {
    const Measurement& m = x.measurement;
    const Benchmark& b = *x.benchmark;
    std::string value;
    std::string ratio;
    switch (m.status) {
    case Status::Ok:
        value = format_rate(m.rate(), b.unit);
        if (fp32 > 0 && (b.unit == Unit::FlopPerSecond || b.unit == Unit::OpPerSecond))
            ratio = "(" + fit(format_ratio(m.rate() / fp32), 4) + ")";
        else if (const std::string share = detail(m, "share"); !share.empty())
            ratio = "(" + share + ")"; // of the theoretical bandwidth
        break;
    case Status::Unsupported:
        value = "not supported";
        break;
    case Status::BuildFailed:
        value = "FAILED: build";
        break;
    case Status::VerifyFailed:
        value = "FAILED: wrong result";
        break;
    case Status::Timeout:
        value = "FAILED: timeout";
        break;
    case Status::Error:
        value = "FAILED: error";
        break;
    case Status::Crashed:
        value = "FAILED: crash";
        break;
    }
    std::string tag = m.path.empty() || m.path == "native" ? "" : "[" + m.path + "]";
    if (const std::string note = detail(m, "label_note"); !note.empty())
        tag += (tag.empty() ? "(" : " (") + note + ")";
    if (m.status == Status::Ok && m.timings.clock == TimerSource::Host)
        tag += tag.empty() ? "(host clock)" : " (host clock)";
    // The value and its ratio keep their place; a long id or tag gives way instead.
    char right[64];
    std::snprintf(right, sizeof right, " %15s %6s", value.c_str(), ratio.c_str());
    char left[160];
    std::snprintf(left, sizeof left, "%-15s %-20s %s", b.label.c_str(), b.id.c_str(), tag.c_str());
    const size_t room = size_t(kWidth - 4) - std::string(right).size();
    std::string s = fit(left, room) + right;
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s;
}

void print_results(std::ostream& os, const DeviceReport& r) {
    const double fp32 = fp32_rate(r);
    for (const auto& x : r.results)
        line(os, result_row(x, fp32));
    os << kRule << "\n";
    std::ostringstream notes;
    size_t failures = 0, host_clocked = 0;
    std::string host_ids, first_note; // one note for them all: a driver's clock fails alike
    for (const auto& x : r.results) {
        const Measurement& m = x.measurement;
        if (m.status == Status::Ok && m.timings.clock == TimerSource::Host) {
            host_ids += (host_clocked++ ? ", " : "") + x.benchmark->id;
            if (first_note.empty()) first_note = x.benchmark->id + ": " + m.timings.clock_note;
        }
        if (m.status == Status::Ok) {
            // The compiler's warnings on a verified benchmark: below the table, not in it.
            if (!m.build_log.empty())
                notes << "  " << x.benchmark->id << ": the compiler said:\n"
                      << indented(m.build_log, "    ");
            continue;
        }
        if (is_failure(m.status)) ++failures;
        notes << "  " << x.benchmark->id << ": " << status_name(m.status) << ": " << m.reason
              << "\n";
        if (!m.build_log.empty()) notes << "    build log:\n" << m.build_log << "\n";
    }
    if (host_clocked)
        notes << "  timed with the host clock, the device's profiling clock being unusable: "
              << host_ids << " (" << first_note << ")\n";
    if (!notes.str().empty()) os << "Notes:\n" << notes.str();
    os << (failures ? std::to_string(failures) + " benchmark(s) FAILED on " + r.facts.name
                    : "All supported benchmarks verified on " + r.facts.name);
    if (host_clocked)
        os << " (" << host_clocked
           << " timed with the host clock: the device's profiling clock is unusable)";
    os << "\n";
}

} // namespace clgauge
