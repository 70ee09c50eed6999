#include "cli/options.hpp"

#include "baseline/known_failures.hpp"
#include "baseline/record.hpp"
#include "core/clipped_text.hpp"
#include "core/env.hpp"
#include "process/worker_command.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>

namespace clgauge {

const char* usage_text() {
    return R"(usage: clgauge [options] [DEVICE...]

Measures an OpenCL device and verifies every kernel against a CPU reference.
DEVICE is an index from --list or a case-insensitive part of the device or platform
name; several may be given. Default: $CLGAUGE_DEVICE, else the first GPU, else the
first device.

options:
  --list               list OpenCL devices and exit
  --resource-spec FILE write a CTest resource spec file for the devices under test
                       (every GPU and accelerator, CPUs only where there is nothing
                       else; or every device each DEVICE names: NVIDIA = all NVIDIA
                       GPUs) and exit: ctest --resource-spec-file FILE then spreads
                       the device suites over them (docs/ci.md)
  --list-benchmarks    list benchmark ids, their paths and needs, and exit
  --only GLOB          run benchmarks whose id matches (e.g. 'fp*.fma,int32.*')
  --path NAME          force one implementation path (native, ptx, emulated, ...)
  --conformance        small launches with every output checked, instead of timing
  --budget-ms N        measured device time per benchmark (default 100, as the
                       committed baselines were recorded, or $CLGAUGE_BUDGET_MS)
  --build-only         build the selected benchmarks' programs, in parallel, and
                       exit (warms the driver's program cache for ctest -L perf)
  --build-queue        with --build-only: a build worker, building the programs
                       whose records (device and program index, two 32-bit
                       little-endian words) arrive on standard input, one at a
                       time, each announced as built (a run on a GPU starts such
                       workers and measures once they are done)
  --seed N             input seed (default 0x5eed2026)
  --timeout S          seconds before a kernel counts as hung (default 60)
  --json FILE          write the results as JSON (schema clgauge.report v1); with
                       --check, the verdicts (each device's "check" section)
  --csv FILE           write the results as CSV
  --check              compare every metric with the device's baseline: fails on a
                       regression, a lost capability or a wrong result
  --record             measure (several rounds) and write the device's baseline,
                       keeping the metrics not measured now and other devices' files
  --baselines DIR      baseline directory (default $CLGAUGE_BASELINES, else the
                       source tree's baselines/); files are DIR/<vendor>/<device>.json
  --rounds N           independent rounds pooled by --record (default 3); a record on
                       another machine merges into the file (CLGAUGE_MACHINE names it)
  --allow-fixed        a known failure that now passes is not an error (also
                       $CLGAUGE_ALLOW_FIXED=1); lists: DIR/known-failures/*.json
  --tolerance-floor P  smallest tolerance a recording gets for its own host,
                       in percent (default 1)
  --timing             after the table, each benchmark's QUEUED->SUBMIT->START->END
                       breakdown vs the host clock, the profiling timer resolution and
                       the cost of profiling itself (also in --json)
  --sweep NAME[,NAME]  run sweeps instead of the table: fma, fma-strided, ... or all
                       (--list-sweeps); writes DIR/NAME.csv, .gp, .png and the
                       detected features (in --json too)
  --sweep-short        few points, small launches (CI); also $CLGAUGE_SWEEP_SHORT=1
  --out DIR            where sweeps and the roofline write (default clgauge-out)
  --roofline REPORT    draw DIR/roofline.png from a --json report's measured peaks
  --list-sweeps        list the sweeps and exit
  --compare A B        compare two --json reports (two drivers or builds, one
                       machine): per metric the medians, the change and a
                       one-sided Mann-Whitney U test on the samples; exit 3 where
                       B is significantly worse (docs/compare.md)
  --alpha P            --compare's significance level (default 0.05)
  --min-effect PCT     --compare's smallest change that counts, in percent
                       (default 2)
  --drop-recordings MACHINES FILE
                       with --only GLOB: forget the machines' (comma-separated)
                       recordings of those metrics in baseline FILE, for metrics
                       whose method changed, and pool what is left; refuses to
                       leave a metric with none
  --audit              run the selection as the table does, then hold each NVIDIA
                       kernel's timed loop, as ptxas and nvdisasm read the driver's
                       binary, to the work its figure counts: executed / counted per
                       entry (--json FILE writes it); exit 1 on a mismatch
                       (docs/work-audit.md)
  --stamp-code REPORT FILE
                       copy each metric's code fingerprint and kernel resources
                       from a --json REPORT (a perf run of the same device and
                       driver) into the recordings of baseline FILE made with
                       that driver, without measuring again (docs/code-fingerprints.md)
  -h, --help           this text

exit status: 0 all verified (and, with --check, no regression), 1 a benchmark
failed (wrong result, build failure, error), 2 usage or device error or an
unusable/missing baseline, 3 a perf regression or a lost capability (--check),
4 a kernel hung (timeout), 5 a failure on the device's known-failure list
now passes (FIXED: remove it from the list, or --allow-fixed). A listed
failure is an expected failure and passes; a listed flake is re-run and passes
if any run passes. When several apply: 4, then 1, then 3, then 5, then 2.
--compare: 0 B no worse, 1 B failed a benchmark, 2 a malformed or mismatched
report (the file and field named), 3 B slower or a capability lost.
A benchmark whose driver kills the process (a crash) counts as failed; the
others still run, in a new process (plain runs; not --check, --record, --sweep).
SIGTERM, SIGINT or SIGHUP end the run with 128 + the signal (143 for SIGTERM)
once the measuring process has ended; no report is written after that (docs/ci.md).
)";
}

namespace {
long parse_long(const std::string& opt, const std::string& v) {
    bool out_of_range = false;
    const std::optional<long> x = decimal_integer(v, &out_of_range);
    if (out_of_range) throw UsageError(opt + " " + v + " is out of range");
    if (!x)
        throw UsageError(opt + " needs a decimal integer (digits, no leading 0, no 0x), got '" +
                         clipped(v) + "'");
    return *x;
}
double parse_double(const std::string& opt, const std::string& v) {
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !std::isfinite(x))
        throw UsageError(opt + " needs a number, got '" + v + "'");
    return x;
}
// The options given that shape a run on devices or pick another mode.
std::vector<std::string> given_options(const CliOptions& o) {
    std::vector<std::string> given;
    const std::pair<bool, const char*> all[] = {{o.check, "--check"},
                                                {o.record, "--record"},
                                                {o.conformance, "--conformance"},
                                                {o.timing, "--timing"},
                                                {o.audit, "--audit"},
                                                {!o.json_file.empty(), "--json"},
                                                {!o.csv_file.empty(), "--csv"},
                                                {!o.sweeps.empty(), "--sweep"},
                                                {!o.roofline_report.empty(), "--roofline"},
                                                {!o.compare.empty(), "--compare"},
                                                {!o.drop_recordings.empty(), "--drop-recordings"},
                                                {!o.stamp_code.empty(), "--stamp-code"},
                                                {!o.devices.empty(), "DEVICE"},
                                                {!o.only.empty(), "--only"},
                                                {o.path.has_value(), "--path"},
                                                {o.budget_ms.has_value(), "--budget-ms"},
                                                {o.seed.has_value(), "--seed"},
                                                {o.timeout_s.has_value(), "--timeout"}};
    for (const auto& [on, name] : all)
        if (on) given.push_back(name);
    return given;
}

// The modes that edit or read files and run nothing: each takes only its own options (and
// those listed), so any option of a run beside it is refused with the mode's own words.
struct FileMode {
    const char* flag;
    bool given;
    std::vector<std::string> takes;
    const char* refusal;
};

void check_file_mode_alone(const CliOptions& o) {
    const FileMode modes[] = {
        {"--compare",
         !o.compare.empty(),
         {},
         "--compare reads two reports and runs nothing: give it alone (with --alpha, "
         "--min-effect)"},
        {"--drop-recordings",
         !o.drop_recordings.empty(),
         {"--only"},
         "--drop-recordings edits one baseline file and runs nothing: give it with --only GLOB "
         "alone"},
        {"--stamp-code",
         !o.stamp_code.empty(),
         {},
         "--stamp-code edits one baseline file from a report and runs nothing: give it alone"}};
    const std::vector<std::string> given = given_options(o);
    for (const FileMode& m : modes)
        if (m.given)
            for (const std::string& option : given)
                if (option != m.flag &&
                    std::find(m.takes.begin(), m.takes.end(), option) == m.takes.end())
                    throw UsageError(m.refusal);
}
} // namespace

// The options that only switch something on, and those that take one text value as it is.
const std::map<std::string, bool CliOptions::*> kFlags = {
    {"-h", &CliOptions::help},
    {"--help", &CliOptions::help},
    {"--list", &CliOptions::list},
    {"--list-benchmarks", &CliOptions::list_benchmarks},
    {"--conformance", &CliOptions::conformance},
    {"--timing", &CliOptions::timing},
    {"--audit", &CliOptions::audit},
    {kBuildOnlyFlag, &CliOptions::build_only},
    {"--sweep-short", &CliOptions::sweep_short},
    {"--list-sweeps", &CliOptions::list_sweeps},
    {"--check", &CliOptions::check},
    {"--record", &CliOptions::record},
    {"--allow-fixed", &CliOptions::allow_fixed}};
// A table, two options a row.
// clang-format off
const std::map<std::string, std::string CliOptions::*> kTexts = {
    {"--out", &CliOptions::out_dir},  {"--roofline", &CliOptions::roofline_report},
    {"--only", &CliOptions::only},    {"--json", &CliOptions::json_file},
    {"--csv", &CliOptions::csv_file}, {"--baselines", &CliOptions::baselines},
    {"--resource-spec", &CliOptions::resource_spec_file}};
// clang-format on

std::vector<std::string> split_commas(const std::string& list) {
    std::vector<std::string> items;
    for (size_t start = 0; start <= list.size();) {
        const size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) items.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

CliOptions parse_cli(const std::vector<std::string>& args) {
    CliOptions o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (const auto flag = kFlags.find(a); flag != kFlags.end())
            o.*(flag->second) = true;
        else if (const auto text = kTexts.find(a); text != kTexts.end()) {
            o.*(text->second) = value();
            // An empty value would mean "not given": all benchmarks, the default directory.
            if ((o.*(text->second)).empty()) throw UsageError(a + " needs a non-empty value");
        } else if (a == "--path") {
            o.path = value();
            if (o.path->empty()) throw UsageError("--path needs a path name");
        } else if (a == "--sweep") {
            for (auto& name : split_commas(value()))
                o.sweeps.push_back(std::move(name));
            if (o.sweeps.empty()) throw UsageError("--sweep needs a sweep name");
        } else if (a == "--compare") {
            o.compare.push_back(value());
            o.compare.push_back(value());
        } else if (a == "--drop-recordings") {
            o.drop_recordings.push_back(value());
            o.drop_recordings.push_back(value());
        } else if (a == "--stamp-code") {
            o.stamp_code.push_back(value());
            o.stamp_code.push_back(value());
        } else if (a == "--alpha") {
            const double v = parse_double(a, value());
            if (!(v > 0 && v <= 0.5)) throw UsageError("--alpha must be in (0, 0.5]");
            o.alpha = v;
        } else if (a == "--min-effect") {
            const double v = parse_double(a, value());
            if (!(v >= 0 && v < 100)) throw UsageError("--min-effect must be in [0, 100) percent");
            o.min_effect = v / 100.0;
        } else if (a == "--rounds") {
            const long v = parse_long(a, value());
            if (v < 1 || v > 100) throw UsageError("--rounds must be in [1, 100]");
            o.rounds = static_cast<unsigned>(v);
        } else if (a == "--tolerance-floor") {
            const long v = parse_long(a, value());
            if (v < 1 || v > 50) throw UsageError("--tolerance-floor must be in [1, 50] percent");
            o.tolerance_floor = double(v) / 100.0;
        } else if (a == kBuildQueueFlag) {
            o.build_queue = true;
        } else if (a == "--budget-ms") {
            const long v = parse_long(a, value());
            if (v < kMinBudgetMs || v > kMaxBudgetMs)
                throw UsageError("--budget-ms " + std::to_string(v) + " is out of range: [" +
                                 std::to_string(kMinBudgetMs) + ", " +
                                 std::to_string(kMaxBudgetMs) + "] (as CLGAUGE_BUDGET_MS)");
            o.budget_ms = v;
        } else if (a == "--seed") {
            const long v = parse_long(a, value());
            if (v < 0 || v > 0xffffffffL) throw UsageError("--seed must fit in 32 bits");
            o.seed = static_cast<unsigned long>(v);
        } else if (a == "--timeout") {
            const long v = parse_long(a, value());
            if (v <= 0) throw UsageError("--timeout must be positive");
            o.timeout_s = double(v);
        } else if (!a.empty() && a[0] == '-')
            throw UsageError("unknown option " + a);
        else
            o.devices.push_back(a);
    }
    if (o.check && o.record) throw UsageError("--check and --record exclude each other");
    if ((o.check || o.record) && o.conformance)
        throw UsageError("--check and --record time perf launches; drop --conformance");
    if ((o.check || o.record) && !o.csv_file.empty())
        throw UsageError("--csv is written by plain runs, not --check/--record");
    if (o.record && !o.json_file.empty())
        throw UsageError("--json is written by plain runs and --check, not --record");
    if (o.audit && (o.check || o.record || o.conformance || o.timing || o.build_only ||
                    !o.csv_file.empty() || !o.sweeps.empty()))
        throw UsageError("--audit runs the selection and audits its code: give it with a device, "
                         "--only, --path, --budget-ms, --seed, --timeout or --json");
    if ((o.rounds || o.tolerance_floor) && !o.record)
        throw UsageError("--rounds and --tolerance-floor apply to --record");
    if (o.compare.size() > 2) throw UsageError("--compare takes two reports, once");
    if ((o.alpha || o.min_effect) && o.compare.empty())
        throw UsageError("--alpha and --min-effect apply to --compare");
    if (o.drop_recordings.size() > 2) throw UsageError("--drop-recordings takes one file, once");
    if (o.build_queue && !o.build_only) throw UsageError("--build-queue applies to --build-only");
    if (o.stamp_code.size() > 2)
        throw UsageError("--stamp-code takes one report and one file, once");
    if (!o.drop_recordings.empty() && o.only.empty())
        throw UsageError("--drop-recordings edits one baseline file and runs nothing: give it "
                         "with --only GLOB alone");
    check_file_mode_alone(o);
    if (const std::string e = env_text("CLGAUGE_SWEEP_SHORT"); !e.empty() && e != "0")
        o.sweep_short = true;
    if (o.out_dir.empty()) o.out_dir = "clgauge-out";
    return o;
}

RunOptions run_options_for(const CliOptions& cli) {
    RunOptions o = run_options_from_env(cli.conformance ? Mode::Conformance : Mode::Perf);
    if (cli.budget_ms) o.budget.seconds = double(*cli.budget_ms) / 1000.0;
    if (cli.seed) o.seed = static_cast<uint32_t>(*cli.seed);
    if (cli.timeout_s) o.timeout_s = *cli.timeout_s;
    o.forced_path = cli.path;
    // The table builds its programs ahead, one per core (CLGAUGE_BUILD_THREADS=0: as asked).
    o.build_threads = build_threads_per_core();
    return o;
}

RunRequest request_for(const CliOptions& cli) {
    RunRequest r;
    r.devices = cli.devices;
    r.only = cli.only;
    r.baselines = cli.baselines;
    r.options = run_options_for(cli);
    const bool allow_fixed = cli.allow_fixed || allow_fixed_from_env();
    if (cli.build_only)
        r.mode = BuildOnlyMode{cli.build_queue};
    else if (cli.check)
        r.mode = CheckMode{cli.json_file, allow_fixed};
    else if (cli.record)
        r.mode = RecordMode{cli.rounds.value_or(kDefaultRecordRounds),
                            cli.tolerance_floor.value_or(kOwnToleranceFloor)};
    else if (!cli.sweeps.empty())
        r.mode = SweepMode{cli.sweeps, cli.sweep_short, cli.out_dir, cli.json_file};
    else if (cli.audit)
        r.mode = AuditMode{cli.json_file};
    else
        r.mode = TableMode{cli.json_file, cli.csv_file, cli.timing, allow_fixed};
    return r;
}

} // namespace clgauge
