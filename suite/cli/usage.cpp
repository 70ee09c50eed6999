#include "cli/options.hpp"

namespace clgauge {

const char* usage_text() {
    return R"(usage: clgauge [COMMAND] [options] [DEVICE...]
       clgauge COMMAND --help       that command's options

Measures an OpenCL device and verifies every kernel against a CPU reference.
DEVICE is an index from clgauge list or a case-insensitive part of the device or
platform name; several may be given. Default: $CLGAUGE_DEVICE, else the first GPU,
else the first device.

commands (each also spelled as a flag among the options: clgauge NVIDIA --check is
clgauge check NVIDIA):
  run                  the table: every selected benchmark measured and verified
                       (the default)
  check       --check  compare every metric with the device's baseline: fails on a
                       regression, a lost capability or a wrong result
  record      --record measure (several rounds) and write the device's baseline,
                       keeping the metrics not measured now and other devices' files
  audit       --audit  run the selection as the table does, then hold each NVIDIA
                       kernel's timed loop, as ptxas and nvdisasm read the driver's
                       binary, to the work its figure counts: executed / counted per
                       entry; exit 1 on a mismatch (docs/work-audit.md)
  sweep NAME[,NAME]    (--sweep NAME[,NAME]) run sweeps instead of the table: fma,
                       fma-strided, ... or all (clgauge list sweeps); writes
                       DIR/NAME.csv, .gp, .png and the detected features
  build       --build-only
                       build the selected benchmarks' programs, in parallel, and exit
                       (warms the driver's program cache for ctest -L perf)
  compare A B          (--compare A B) compare two --json reports (two drivers or
                       builds, one machine): per metric the medians, the change and a
                       one-sided Mann-Whitney U test on the samples; exit 3 where B is
                       significantly worse (docs/compare.md)
  list [devices|benchmarks|sweeps]
                       (--list, --list-benchmarks, --list-sweeps) list OpenCL devices,
                       benchmark ids with their paths and needs, or the sweeps
  roofline REPORT      (--roofline REPORT) draw DIR/roofline.png from a --json
                       report's measured peaks
  resource-spec FILE   (--resource-spec FILE) write a CTest resource spec file for the
                       devices under test (every GPU and accelerator, CPUs only where
                       there is nothing else; or every device each DEVICE names:
                       NVIDIA = all NVIDIA GPUs) and exit: ctest --resource-spec-file
                       FILE then spreads the device suites over them (docs/ci.md)
  drop-recordings MACHINES FILE --only GLOB
                       (--drop-recordings) forget the machines' (comma-separated)
                       recordings of those metrics in baseline FILE, for metrics whose
                       method changed, and pool what is left; refuses to leave a
                       metric with none
  stamp-code REPORT FILE
                       (--stamp-code) copy each metric's code fingerprint and kernel
                       resources from a --json REPORT (a perf run of the same device
                       and driver) into the recordings of baseline FILE made with that
                       driver, without measuring again (docs/code-fingerprints.md)

options of the commands that run on devices (run, check, record, audit, sweep, build):
  --only GLOB          run benchmarks whose id matches (e.g. 'fp*.fma,int32.*')
  --path NAME          force one implementation path (native, ptx, emulated, ...)
  --budget-ms N        measured device time per benchmark (default 100, as the
                       committed baselines were recorded, or $CLGAUGE_BUDGET_MS)
  --seed N             input seed (default 0x5eed2026)
  --timeout S          seconds before a kernel counts as hung (default 60)
  --baselines DIR      baseline directory (default $CLGAUGE_BASELINES, else the
                       source tree's baselines/); files are DIR/<vendor>/<device>.json
run:
  --conformance        small launches with every output checked, instead of timing
  --json FILE          write the results as JSON (schema clgauge.report v1)
  --csv FILE           write the results as CSV
  --timing             after the table, each benchmark's QUEUED->SUBMIT->START->END
                       breakdown vs the host clock, the profiling timer resolution and
                       the cost of profiling itself (also in --json)
  --allow-fixed        a known failure that now passes is not an error (also
                       $CLGAUGE_ALLOW_FIXED=1); lists: DIR/known-failures/*.json
check:
  --json FILE          the verdicts (each device's "check" section)
  --allow-fixed        as for run
record:
  --rounds N           independent rounds pooled (default 3); a record on another
                       machine merges into the file (CLGAUGE_MACHINE names it)
  --tolerance-floor P  smallest tolerance a recording gets for its own host, in
                       percent (default 1)
audit:
  --json FILE          the audit (each device's "audit" section)
sweep:
  --sweep-short        few points, small launches (CI); also $CLGAUGE_SWEEP_SHORT=1
  --out DIR            where sweeps write (default clgauge-out)
  --json FILE          the sweeps' results and features
build:
  --conformance        the programs of conformance launches
  --build-queue        a build worker, building the programs whose records (device
                       and program index, two 32-bit little-endian words) arrive on
                       standard input, one at a time, each announced as built (a run
                       on a GPU starts such workers and measures once they are done)
compare:
  --alpha P            significance level (default 0.05)
  --min-effect PCT     smallest change that counts, in percent (default 2)
roofline:
  --out DIR            where it is drawn (default clgauge-out)
  -h, --help           this text; after a command, that command's options

exit status: 0 all verified (and, with check, no regression), 1 a benchmark
failed (wrong result, build failure, error), 2 usage or device error or an
unusable/missing baseline, 3 a perf regression or a lost capability (check),
4 a kernel hung (timeout), 5 a failure on the device's known-failure list
now passes (FIXED: remove it from the list, or --allow-fixed). A listed
failure is an expected failure and passes; a listed flake is re-run and passes
if any run passes. When several apply: 4, then 1, then 3, then 5, then 2.
compare: 0 B no worse, 1 B failed a benchmark, 2 a malformed or mismatched
report (the file and field named), 3 B slower or a capability lost.
After a kernel hangs nothing more is launched on that device, in any command:
the rest are reported not run. A benchmark whose driver kills the process (a
crash) counts as failed; the others still run, in a new process (run; not
check, record, sweep). SIGTERM, SIGINT or SIGHUP end the run with 128 + the
signal (143 for SIGTERM) once the measuring process has ended; no report is
written after that (docs/ci.md).
)";
}

} // namespace clgauge
