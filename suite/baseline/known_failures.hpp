// Known failures and flakes (Mesa deqp-runner's --baseline and --flakes lists are the model):
// lists beside the baselines, <baselines>/known-failures/*.json, each for the devices and
// drivers its patterns match. A listed failure is reported as expected and passes; anything
// not listed fails; a listed failure that now passes is FIXED and fails unless allowed (so the
// list stays honest); a flake is re-run and passes if any run passes. docs/driver-validation.md.
#pragma once
#include "core/device.hpp"
#include "types/benchmark.hpp"

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

constexpr int kKnownFailuresSchemaVersion = 1;
constexpr unsigned kDefaultFlakeRuns = 3; // a flake's runs in all, the first included

// A list that cannot be used; the message names the file and the field.
struct KnownFailuresError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a listed entry does. Each failing outcome is one measurement status.
enum class Expected { WrongResult, Crash, BuildFailure, Hang, Error, Flake };
const char* expected_name(Expected e); // "wrong-result", "crash", ... as in the file
Status expected_status(Expected e);    // Flake: Status::Ok (any failure)

struct KnownFailure {
    std::string id, path; // globs over benchmark ids and path names
    Expected expect = Expected::WrongResult;
    std::string reason_contains;            // the failure's reason must contain this ("" any)
    std::map<std::string, std::string> env; // applies only where each variable matches (glob;
                                            // "" = unset or empty)
    unsigned runs = kDefaultFlakeRuns;      // flakes: runs in all
    std::string reason, link, reproducer;   // why, for people
    std::string where;                      // "file: entries[3]"
};

struct KnownFailureList {
    std::string file;
    std::string platform, device, driver; // globs over the device facts
    std::vector<KnownFailure> entries;
};

KnownFailureList parse_known_failures(const std::string& text, const std::string& file);
KnownFailureList load_known_failures(const std::string& path); // throws KnownFailuresError
bool list_applies(const KnownFailureList& list, const DeviceFacts& facts);
bool entry_applies(const KnownFailure& e); // its env conditions hold in this process
// <baselines>/known-failures/*.json whose device patterns match `facts`: their entries whose
// env conditions hold, in file-name order. None when the folder is missing.
std::vector<KnownFailure> known_failures_for(const std::string& baselines_dir,
                                             const DeviceFacts& facts);
// Empty when some list in <baselines>/known-failures/ applies to `facts`, or there is none;
// else one line that says so, with each list's patterns beside the device's own facts, so
// that a list whose patterns match nothing (a typo, another driver version) is not silently
// inert when a failure it was meant to list shows up as unexpected.
std::string known_lists_note(const std::string& baselines_dir, const DeviceFacts& facts);
// The first entry for (id, path), or null.
const KnownFailure* find_known(const std::vector<KnownFailure>& list, const std::string& id,
                               const std::string& path);

enum class KnownVerdict {
    Pass,            // passed, not listed
    Skipped,         // unsupported: neither a pass nor a failure
    ExpectedFailure, // failed as listed: passes
    Flaky,           // a listed flake that failed, then passed on a re-run: passes
    Fixed,           // listed, but passed: fails unless fixed ones are allowed
    Unexpected,      // failed and not listed (or not as listed): fails
};
const char* known_verdict_name(KnownVerdict v);

struct Attempt {
    Status status = Status::Error;
    std::string reason;
};

struct KnownOutcome {
    KnownVerdict verdict = KnownVerdict::Pass;
    Attempt last; // the attempt that decided
    unsigned runs = 1;
    const KnownFailure* entry = nullptr;
    std::string note; // why, in words, with the list entry's place
    bool fails(bool allow_fixed) const;
};

// Runs `once` and judges it against `list`; a listed flake that failed is run again, up to its
// `runs` in all, and passes as soon as one run passes. A crash is never re-run in the same
// process (the crash ended the process that would re-run it).
KnownOutcome judge(const std::vector<KnownFailure>& list, const std::string& id,
                   const std::string& path, const std::function<Attempt()>& once);

// Summary line counts, and the exit status of a run: kKnownFixedExit when the worst outcome is
// a listed failure that passed (and fixed ones are not allowed).
constexpr int kKnownFixedExit = 5;
// CLGAUGE_ALLOW_FIXED=1 (or clgauge --allow-fixed): a listed failure that passes is a pass.
bool allow_fixed_from_env();

} // namespace clgauge
