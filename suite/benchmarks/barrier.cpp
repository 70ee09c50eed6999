// barrier.local.<size>: the time of one work-group barrier at work-group sizes 64 to 1024 and
// the largest the kernel allows (kernels/barrier.cl, reference/barrier.hpp, harness
// suite/harness/group.hpp). One work-group per compute unit, so no other group hides the
// wait: the figure is the launch time over the barriers each work-item passes (two a step,
// with one local store, one local load and a multiply-add between them). Checked: every
// work-item's value after the exchange, which a barrier that does not order it breaks, and
// which tells the path the value took (each position's multiply-add is its own), so a ring
// whose items took the wrong places fails too.
#include "reference/barrier.hpp"
#include "harness/group.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

size_t item_words(const GroupLaunch& l) {
    return l.global;
}

// Junk a kernel that stores nothing cannot pass with.
uint64_t junk(uint32_t seed, size_t index) {
    return ref::rand(seed, uint32_t(index), 9);
}

Verification check_exchange(const GroupLaunch& l, const std::vector<uint64_t>& out, bool) {
    const std::vector<ref::Affine> paths = ref::barrier_paths(l.seed, l.local, l.steps);
    std::vector<size_t> items(l.global);
    std::vector<uint64_t> expected(l.global);
    for (size_t gid = 0; gid < l.global; ++gid) {
        items[gid] = gid;
        expected[gid] = ref::barrier_word(l.seed, gid, l.local, l.steps, paths[gid % l.local]);
    }
    return compare_exact(items, 1, out, expected, WordKind::U32);
}

Benchmark barrier_entry(size_t local) {
    const std::string size = local ? std::to_string(local) : "max";
    GroupSpec s;
    s.entry = {.id = "barrier.local." + size,
               .family = "barrier",
               .label = "Barrier",
               .description = "one work-group barrier, work-groups of " +
                              (local ? size : "the largest size the kernel allows") +
                              ", one work-group per compute unit",
               .unit = Unit::Seconds,
               .paths = {{"native", {}, ""}}};
    s.source = "barrier.cl";
    s.kernel = "barrier_exchange";
    s.steps = 8;
    s.local = local;
    s.groups_per_cu = 1;
    s.ops_per_step = 2; // barriers
    s.time_per_op = true;
    s.out_words = item_words;
    s.init = junk;
    s.check = check_exchange;
    return group_benchmark(std::move(s));
}

std::vector<Benchmark> barrier() {
    std::vector<Benchmark> v;
    for (size_t local : {64, 128, 256, 512, 1024, 0})
        v.push_back(barrier_entry(local));
    return v;
}

} // namespace

// Registry order 117: after the atomics.
const FamilyRegistrar registered(117, barrier);

} // namespace clgauge::families
