#include "process/worker_command.hpp"

#include <cmath>

namespace clgauge {

std::vector<std::string> build_worker_command(const std::vector<const Benchmark*>& selection,
                                              const RunOptions& opts) {
    std::vector<std::string> args = {"clgauge", kBuildOnlyFlag, kBuildQueueFlag};
    std::string ids;
    for (const Benchmark* b : selection)
        ids += (ids.empty() ? "" : ",") + b->id;
    if (!ids.empty()) args.insert(args.end(), {"--only", ids});
    if (opts.forced_path) args.insert(args.end(), {"--path", *opts.forced_path});
    if (opts.mode == Mode::Conformance) args.push_back("--conformance");
    args.insert(args.end(),
                {"--budget-ms", std::to_string(std::llround(opts.budget.seconds * 1000.0)),
                 "--seed", std::to_string(opts.seed)});
    return args;
}

} // namespace clgauge
