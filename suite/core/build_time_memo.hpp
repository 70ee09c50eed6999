// How long each program took to compile, kept on disk (under clgauge_cache_dir()) so that a run
// whose driver cache is cold starts the longest compiles first: a run measures while build
// workers compile (process/build_pool.hpp), and one slow compile started late is what it
// waits for (a matrix entry's program compiles for seconds on NVIDIA, most others in well under
// one). The longest compile seen is kept: a build the driver's cache serves takes milliseconds
// and says nothing of what a cold compile costs. Times measured on the devices this project
// ran are installed with the baselines (build-seconds.json), so that a machine's first run,
// with nothing kept yet, orders its compiles as well as its later runs do.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace clgauge {

// `program` names a program (program_key), `device` the device's name. Nothing happens (and
// nothing fails) where the directory cannot be written or read.
void remember_build_seconds(const std::string& program, const std::string& device, double seconds);
// The longest of the time kept and the installed one; nothing where neither is known.
std::optional<double> recall_build_seconds(const std::string& program, const std::string& device);

// The installed times' file: {"schema": "clgauge.build_seconds", "devices": {DEVICE NAME:
// {PROGRAM: SECONDS}}}; a missing or damaged file knows nothing.
std::string installed_build_seconds_path();
std::optional<double> installed_build_seconds(const std::string& path, const std::string& program,
                                              const std::string& device);

// The positions of `seconds` (each program's remembered compile time, nothing where unknown)
// longest first, then the unknown ones, as found (the work audit's order of assembly).
std::vector<size_t> longest_builds_first(const std::vector<std::optional<double>>& seconds);

// How soon after one another a run asks for its programs, in the order found, at the fastest:
// one GPU's run measures for about a third of a second per program, and the GPUs of a host
// that share one run's entries ask for them that much sooner (docs/run-time.md); ordered for
// the fastest, a long compile is begun in time for any of them.
inline constexpr double kRunPacePerProgramS = 0.1;

// The positions of `seconds` (the programs in the order the run asks for them) in the order to
// build them: the one whose compile must begin soonest first, if the run asks for the k-th after
// k * `pace` seconds (its need, less its compile: the earliest deadline first), so that
// the run's next programs and a long compile it needs later are built in time alike; unknown
// ones first, as found (a new program may be the longest).
std::vector<size_t> build_order(const std::vector<std::optional<double>>& seconds,
                                double pace = kRunPacePerProgramS);

} // namespace clgauge
