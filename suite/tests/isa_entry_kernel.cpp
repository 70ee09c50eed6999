#include "isa_entry_kernel.hpp"

#include "harness/chain.hpp"
#include "harness/group.hpp"
#include "harness/memory.hpp"
#include "harness/mma.hpp"
#include "harness/subgroup.hpp"

#include <stdexcept>

namespace clgauge::isa {
namespace {

// The device the offline checks compile for has OpenCL C 2.0 (what the harnesses ask a
// sub-group or C11-atomics path to be built with there), and a run uses its default options:
// each harness's own build-options function then gives what it would build.
const char* kClStd = "-cl-std=CL2.0";

const ImplPath& path_named(const Benchmark& b, const std::string& name) {
    for (const ImplPath& p : b.paths)
        if (p.name == name) return p;
    throw std::runtime_error(b.id + " has no path '" + name + "'");
}

} // namespace

EntryKernel entry_kernel(const Benchmark& b, const std::string& name) {
    const ImplPath& path = path_named(b, name);
    const RunOptions run{};
    if (const auto* c = std::any_cast<ChainSpec>(&b.spec))
        return {c->source, {c->kernel}, chain_build_options(*c, path, run, false)};
    if (const auto* m = std::any_cast<MmaSpec>(&b.spec)) {
        for (const MmaPath& mp : m->paths)
            if (mp.path.name == name) return {"mma.cl", {"mma"}, mma_build_options(*m, mp, run)};
    }
    if (const auto* s = std::any_cast<SubgroupSpec>(&b.spec))
        return {"subgroup.cl", {s->kernel, "sg_lane_map"}, subgroup_path_options(path, kClStd)};
    if (const auto* m = std::any_cast<MemSpec>(&b.spec))
        return {m->source, {m->kernel}, memory_build_options(*m, path, run, kClStd)};
    if (const auto* g = std::any_cast<GroupSpec>(&b.spec))
        return {g->source,
                {g->kernel},
                group_build_options(*g, path, kClStd, g->local ? g->local : 256, false)};
    throw std::runtime_error(b.id + ": the ISA checks do not know its harness");
}

} // namespace clgauge::isa
