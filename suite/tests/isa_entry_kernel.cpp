#include "isa_entry_kernel.hpp"

#include "harness/chain.hpp"
#include "harness/group.hpp"
#include "harness/memory.hpp"
#include "harness/mma.hpp"
#include "harness/subgroup.hpp"

#include <stdexcept>

namespace clgauge::isa {
namespace {

// The defines each harness adds to the spec's and the path's options, at their values of an
// ordinary (perf) run: harness/chain.cpp, mma.cpp, subgroup.cpp, memory.cpp, group.cpp.
std::string joined(std::string options, const std::string& more) {
    return more.empty() ? options : options + " " + more;
}

const Path& path_named(const Benchmark& b, const std::string& name) {
    for (const Path& p : b.paths)
        if (p.name == name) return p;
    throw std::runtime_error(b.id + " has no path '" + name + "'");
}

} // namespace

EntryKernel entry_kernel(const Benchmark& b, const std::string& name) {
    const Path& path = path_named(b, name);
    if (const auto* c = std::any_cast<ChainSpec>(&b.spec))
        return {c->source,
                {c->kernel},
                joined(c->options + " -DCLG_STEPS=" + std::to_string(c->steps) +
                           " -DCLG_SEED=" + std::to_string(RunOptions{}.seed) + "u",
                       path.options)};
    if (const auto* m = std::any_cast<MmaSpec>(&b.spec)) {
        for (const MmaPath& mp : m->paths)
            if (mp.path.name == name)
                return {"mma.cl",
                        {"mma"},
                        joined(m->options + " -DCLG_STEPS=" + std::to_string(mp.shape.steps) +
                                   " -DCLG_MMA_TILES=" + std::to_string(mp.shape.tiles_per_group),
                               path.options)};
    }
    if (const auto* s = std::any_cast<SubgroupSpec>(&b.spec))
        return {"subgroup.cl",
                {s->kernel, "sg_lane_map"},
                subgroup_path_options(path, "-cl-std=CL2.0")};
    if (const auto* m = std::any_cast<MemSpec>(&b.spec)) {
        std::string options = m->options + " -DCLG_VEC=" + std::to_string(m->vec) +
                              " -DCLG_UNROLL=" + std::to_string(m->unroll);
        if (m->geometry == MemGeometry::Grid && m->tile > 0)
            options += " -DCLG_TILE=" + std::to_string(m->tile);
        if (m->kind == WordKind::F64) options += " -DCLG_F64";
        return {m->source, {m->kernel}, joined(options, path.options)};
    }
    if (const auto* g = std::any_cast<GroupSpec>(&b.spec))
        return {g->source,
                {g->kernel},
                joined(g->options + " -DCLG_STEPS=" + std::to_string(g->steps), path.options) +
                    " -DCLG_LOCAL=" + std::to_string(g->local ? g->local : 256)};
    throw std::runtime_error(b.id + ": the ISA checks do not know its harness");
}

} // namespace clgauge::isa
