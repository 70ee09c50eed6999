#include "cli/options.hpp"

#include "base/clipped_text.hpp"
#include "base/env.hpp"
#include "baseline/known_failures.hpp"
#include "cli/mode_flags.hpp"
#include "process/worker_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace clgauge {
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

// The options' values as given, before they are checked and converted.
struct Given {
    std::string path, budget_ms, seed, timeout, rounds, tolerance_floor, alpha, min_effect, sweeps,
        list = "devices";
};

// The options of a run on devices; `conformance` for the modes that may verify instead of time.
void add_selection(CLI::App* sub, DeviceSelection& d, Given& g, bool conformance) {
    sub->add_option("DEVICE", d.devices,
                    "an index from clgauge list, or a case-insensitive part of the device or "
                    "platform name; several may be given (default: $CLGAUGE_DEVICE, else the "
                    "first GPU, else the first device)");
    sub->add_option("--only", d.only, "benchmarks whose id matches (e.g. 'fp*.fma,int32.*')")
        ->type_name("GLOB");
    sub->add_option("--path", g.path, "force one implementation path (native, ptx, ...)")
        ->type_name("NAME");
    sub->add_option("--baselines", d.baselines,
                    "baseline directory (default $CLGAUGE_BASELINES, else the source tree's "
                    "baselines/); files are DIR/<vendor>/<device>.json")
        ->type_name("DIR");
    sub->add_option("--budget-ms", g.budget_ms,
                    "measured device time per benchmark (default 100, or $CLGAUGE_BUDGET_MS)")
        ->type_name("N");
    sub->add_option("--seed", g.seed, "input seed (default 0x5eed2026)")->type_name("N");
    sub->add_option("--timeout", g.timeout, "seconds before a kernel counts as hung (default 60)")
        ->type_name("S");
    if (conformance)
        sub->add_flag("--conformance", d.conformance,
                      "small launches with every output checked, instead of timing");
}

// Every subcommand, each with its options bound to `o` and `g`; `commands` maps each one's name
// to its Command.
void add_commands(CLI::App& app, CliOptions& o, Given& g,
                  std::map<std::string, Command>& commands) {
    const auto add = [&](Command c, const std::string& name, const std::string& what) {
        commands[name] = c;
        return app.add_subcommand(name, what);
    };
    CLI::App* run = add(Command::Run, "run",
                        "the table: every selected benchmark measured and "
                        "verified (the default)");
    add_selection(run, o.run, g, true);
    run->add_option("--json", o.table.json_file, "write the results as JSON")->type_name("FILE");
    run->add_option("--csv", o.table.csv_file, "write the results as CSV")->type_name("FILE");
    run->add_flag("--timing", o.table.timing,
                  "each benchmark's phases and the event-stage analysis after the table");
    run->add_flag("--allow-fixed", o.table.allow_fixed,
                  "a known failure that now passes is not an error");

    CLI::App* check = add(Command::Check, "check",
                          "every metric held against the device's "
                          "baseline (--check)");
    add_selection(check, o.run, g, false);
    check->add_option("--json", o.check.json_file, "write the verdicts as JSON")->type_name("FILE");
    check->add_flag("--allow-fixed", o.check.allow_fixed,
                    "a known failure that now passes is not an error");

    CLI::App* record = add(Command::Record, "record",
                           "measure in rounds and write the device's "
                           "baseline (--record)");
    add_selection(record, o.run, g, false);
    record->add_option("--rounds", g.rounds, "independent rounds pooled (default 3)")
        ->type_name("N");
    record
        ->add_option("--tolerance-floor", g.tolerance_floor,
                     "smallest tolerance a recording gets for its own host, in percent "
                     "(default 1)")
        ->type_name("PCT");

    CLI::App* audit = add(Command::Audit, "audit",
                          "each NVIDIA kernel's timed loop held to the "
                          "work its figure counts (--audit)");
    add_selection(audit, o.run, g, false);
    audit->add_option("--json", o.audit.json_file, "write the audit as JSON")->type_name("FILE");

    CLI::App* sweep = add(Command::Sweep, "sweep",
                          "parameter sweeps instead of the table "
                          "(--sweep NAME[,NAME])");
    sweep
        ->add_option("NAMES", g.sweeps,
                     "sweep names, comma-separated, or all (clgauge list "
                     "sweeps)")
        ->required();
    add_selection(sweep, o.run, g, false);
    sweep->add_flag("--sweep-short", o.sweep.short_mode,
                    "few points, small launches (CI); also $CLGAUGE_SWEEP_SHORT=1");
    sweep
        ->add_option("--out", o.sweep.out_dir,
                     "where the CSV, gnuplot and PNG files go "
                     "(default clgauge-out)")
        ->type_name("DIR");
    sweep->add_option("--json", o.sweep.json_file, "write the sweeps' results as JSON")
        ->type_name("FILE");

    CLI::App* build = add(Command::Build, "build",
                          "build the selection's programs and exit "
                          "(--build-only; warms the driver's cache)");
    add_selection(build, o.run, g, true);
    build->add_flag(kBuildQueueFlag, o.build.worker,
                    "a build worker: builds the programs whose records arrive on standard "
                    "input");

    CLI::App* compare = add(Command::Compare, "compare",
                            "A/B of two --json reports, no device "
                            "(--compare A B; docs/compare.md)");
    compare->add_option("A", o.compare.a, "the report of the known-good run")->required();
    compare->add_option("B", o.compare.b, "the report judged")->required();
    compare->add_option("--alpha", g.alpha, "significance level of the U test (default 0.05)")
        ->type_name("P");
    compare
        ->add_option("--min-effect", g.min_effect,
                     "smallest change that counts, in percent (default 2)")
        ->type_name("PCT");

    CLI::App* list = add(Command::List, "list",
                         "devices (--list), benchmarks "
                         "(--list-benchmarks) or sweeps (--list-sweeps)");
    list->add_option("WHAT", g.list, "devices, benchmarks or sweeps (default devices)")
        ->check(CLI::IsMember({"devices", "benchmarks", "sweeps"}));

    CLI::App* roofline = add(Command::Roofline, "roofline",
                             "draw DIR/roofline.png from a --json "
                             "report, no device (--roofline)");
    roofline->add_option("REPORT", o.roofline.report, "a --json report")->required();
    roofline->add_option("--out", o.roofline.out_dir, "where it is drawn (default clgauge-out)")
        ->type_name("DIR");

    CLI::App* spec = add(Command::ResourceSpec, "resource-spec",
                         "write CTest's resource spec file for "
                         "the devices under test "
                         "(--resource-spec; docs/ci.md)");
    spec->add_option("FILE", o.resource_spec_file, "the file written")->required();
    spec->add_option("DEVICE", o.run.devices, "devices named (NVIDIA: all NVIDIA GPUs)");

    CLI::App* drop = add(Command::DropRecordings, "drop-recordings",
                         "forget machines' recordings of the "
                         "metrics --only matches in a baseline "
                         "file (--drop-recordings)");
    drop->add_option("MACHINES", o.drop.machines, "machine ids, comma-separated")->required();
    drop->add_option("FILE", o.drop.file, "the baseline file")->required();
    drop->add_option("--only", o.drop.only, "the metrics")->type_name("GLOB")->required();

    CLI::App* stamp = add(Command::StampCode, "stamp-code",
                          "copy code fingerprints and resources "
                          "from a --json report into a baseline "
                          "file (--stamp-code)");
    stamp->add_option("REPORT", o.stamp.report, "a perf run's --json report")->required();
    stamp->add_option("FILE", o.stamp.file, "the baseline file")->required();
}

// An option the parsed subcommand does not take: which ones do.
std::string misplaced(const CLI::App& app, const CLI::App& sub, const std::string& option) {
    std::string takers;
    for (const CLI::App* other : app.get_subcommands([](const CLI::App*) { return true; }))
        if (other->get_option_no_throw(option))
            takers += (takers.empty() ? "clgauge " : ", ") + other->get_name();
    if (takers.empty()) return "unknown option " + option;
    return option + " applies to " + takers + ", not to clgauge " + sub.get_name();
}

bool given(const CLI::App& sub, const std::string& name) {
    const CLI::Option* o = sub.get_option_no_throw(name);
    return o && o->count() > 0;
}

// The values as clgauge takes them: in range, non-empty, converted.
void check_values(const CLI::App& sub, CliOptions& o, const Given& g) {
    // An empty value would mean "not given": all benchmarks, the default directory.
    for (const char* name : {"--only", "--json", "--csv", "--baselines", "--out"})
        if (given(sub, name) && sub.get_option(name)->as<std::string>().empty())
            throw UsageError(std::string(name) + " needs a non-empty value");
    if (given(sub, "--path")) {
        if (g.path.empty()) throw UsageError("--path needs a path name");
        o.run.path = g.path;
    }
    if (given(sub, "--budget-ms")) {
        const long v = parse_long("--budget-ms", g.budget_ms);
        if (v < kMinBudgetMs || v > kMaxBudgetMs)
            throw UsageError("--budget-ms " + std::to_string(v) + " is out of range: [" +
                             std::to_string(kMinBudgetMs) + ", " + std::to_string(kMaxBudgetMs) +
                             "] (as CLGAUGE_BUDGET_MS)");
        o.run.budget_ms = v;
    }
    if (given(sub, "--seed")) {
        const long v = parse_long("--seed", g.seed);
        if (v < 0 || v > 0xffffffffL) throw UsageError("--seed must fit in 32 bits");
        o.run.seed = static_cast<unsigned long>(v);
    }
    if (given(sub, "--timeout")) {
        const long v = parse_long("--timeout", g.timeout);
        if (v <= 0) throw UsageError("--timeout must be positive");
        o.run.timeout_s = double(v);
    }
    if (given(sub, "--rounds")) {
        const long v = parse_long("--rounds", g.rounds);
        if (v < 1 || v > 100) throw UsageError("--rounds must be in [1, 100]");
        o.record.rounds = static_cast<unsigned>(v);
    }
    if (given(sub, "--tolerance-floor")) {
        const long v = parse_long("--tolerance-floor", g.tolerance_floor);
        if (v < 1 || v > 50) throw UsageError("--tolerance-floor must be in [1, 50] percent");
        o.record.tolerance_floor = double(v) / 100.0;
    }
    if (given(sub, "--alpha")) {
        const double v = parse_double("--alpha", g.alpha);
        if (!(v > 0 && v <= 0.5)) throw UsageError("--alpha must be in (0, 0.5]");
        o.compare.alpha = v;
    }
    if (given(sub, "--min-effect")) {
        const double v = parse_double("--min-effect", g.min_effect);
        if (!(v >= 0 && v < 100)) throw UsageError("--min-effect must be in [0, 100) percent");
        o.compare.min_effect = v / 100.0;
    }
    if (o.command == Command::Sweep) {
        o.sweep.names = split_commas(g.sweeps);
        if (o.sweep.names.empty()) throw UsageError("--sweep needs a sweep name");
    }
    if (o.command == Command::List)
        o.list = g.list == "benchmarks" ? Listing::Benchmarks
                 : g.list == "sweeps"   ? Listing::Sweeps
                                        : Listing::Devices;
}

} // namespace

std::vector<std::string> split_commas(const std::string& list) {
    std::vector<std::string> items;
    for (size_t start = 0; start <= list.size();) {
        const size_t comma = std::min(list.find(',', start), list.size());
        if (comma > start) items.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

std::vector<std::string> command_names() {
    CliOptions o;
    Given g;
    std::map<std::string, Command> commands;
    CLI::App app;
    add_commands(app, o, g, commands);
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(sub->get_name());
    return names;
}

CliOptions parse_cli(const std::vector<std::string>& given_args) {
    const bool help = std::any_of(given_args.begin(), given_args.end(),
                                  [](const std::string& a) { return a == "-h" || a == "--help"; });
    std::vector<std::string> args = given_args;
    if (help) // help is given whatever else is there
        args.erase(std::remove_if(args.begin(), args.end(),
                                  [](const std::string& a) { return a == "-h" || a == "--help"; }),
                   args.end());
    CliOptions o;
    Given g;
    std::map<std::string, Command> commands;
    CLI::App app("Measures an OpenCL device and verifies every kernel against a CPU reference.",
                 "clgauge");
    app.set_help_flag(); // help is answered before parsing, above
    add_commands(app, o, g, commands);
    for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
        sub->set_help_flag("-h,--help", "this command's options");
        sub->allow_extras(); // named below, with the commands that do take them
    }
    const bool named = !args.empty() && commands.count(args[0]);
    args = as_subcommand(args, app);
    if (help && !named && args[0] == "run") { // no command asked about: the whole program's
        o.help = usage_text();
        return o;
    }
    CLI::App* sub = app.get_subcommand(args[0]);
    o.command = commands.at(args[0]);
    if (help) {
        o.help = sub->help("clgauge") +
                 "\nThe whole program's options and exit statuses: clgauge --help\n";
        return o;
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend()); // as CLI11 takes them
    try {
        app.parse(reversed);
    } catch (const CLI::ParseError& e) {
        throw UsageError("clgauge " + args[0] + ": " + e.what());
    }
    for (const std::string& extra : sub->remaining()) {
        if (!extra.empty() && extra[0] == '-') throw UsageError(misplaced(app, *sub, extra));
        throw UsageError("clgauge " + args[0] + " takes no argument '" + clipped(extra) + "'");
    }
    check_values(*sub, o, g);
    return o;
}

RunOptions run_options_for(const CliOptions& cli) {
    RunOptions o = run_options_from_env(cli.run.conformance ? Mode::Conformance : Mode::Perf);
    if (cli.run.budget_ms) o.budget.seconds = double(*cli.run.budget_ms) / 1000.0;
    if (cli.run.seed) o.seed = static_cast<uint32_t>(*cli.run.seed);
    if (cli.run.timeout_s) o.timeout_s = *cli.run.timeout_s;
    o.forced_path = cli.run.path;
    // The table builds its programs ahead, one per core (CLGAUGE_BUILD_THREADS=0: as asked).
    o.build.threads = build_threads_per_core();
    return o;
}

RunRequest request_for(const CliOptions& cli) {
    RunRequest r;
    r.devices = cli.run.devices;
    r.only = cli.run.only;
    r.baselines = cli.run.baselines;
    r.options = run_options_for(cli);
    const bool allow_fixed_env = allow_fixed_from_env();
    switch (cli.command) {
    case Command::Build:
        r.mode = cli.build;
        break;
    case Command::Check: {
        CheckMode m = cli.check;
        m.allow_fixed = m.allow_fixed || allow_fixed_env;
        r.mode = m;
        break;
    }
    case Command::Record:
        r.mode = cli.record;
        break;
    case Command::Sweep: {
        SweepMode m = cli.sweep;
        if (const std::string e = env_text("CLGAUGE_SWEEP_SHORT"); !e.empty() && e != "0")
            m.short_mode = true;
        r.mode = m;
        break;
    }
    case Command::Audit:
        r.mode = cli.audit;
        break;
    case Command::Run: {
        TableMode m = cli.table;
        m.allow_fixed = m.allow_fixed || allow_fixed_env;
        r.mode = m;
        break;
    }
    default:
        throw std::logic_error("clgauge: no run on devices for this command");
    }
    return r;
}

} // namespace clgauge
