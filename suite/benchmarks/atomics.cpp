// atomic.*: atomic add to distinct and to contended addresses, in global and local memory,
// 32- and 64-bit integers, float, OpenCL C 2.0 scoped atomics, and compare-exchange tickets
// (kernels/atomics.cl, reference/atomics.hpp, harness suite/harness/group.hpp). Counted:
// one atomic operation per work-item per step; checked exactly: every counter holds its
// start plus the sum of every increment, every ticket was taken once.
#include "reference/atomics.hpp"
#include "harness/group.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

using ref::AtomicWord;

// Where a kernel's work-items add: one word each, one for the launch, one per work-group.
enum class Target { Distinct, Device, Group };

template <Target T> size_t counter_words(const GroupLaunch& l) {
    return T == Target::Distinct ? l.global : T == Target::Device ? 1 : l.groups();
}

template <AtomicWord W> uint64_t counter_start(uint32_t seed, size_t index) {
    return ref::atomic_start(W, seed, index);
}

constexpr WordKind word_kind(AtomicWord w) {
    return w == AtomicWord::U64   ? WordKind::U64
           : w == AtomicWord::F32 ? WordKind::F32
                                  : WordKind::U32;
}

// Every counter: its start plus steps x the increments of the work-items that add to it.
template <AtomicWord W, Target T>
Verification check_counters(const GroupLaunch& l, const std::vector<uint64_t>& out, bool) {
    std::vector<uint64_t> added(counter_words<T>(l), 0);
    for (size_t gid = 0; gid < l.global; ++gid) {
        const size_t word = T == Target::Distinct ? gid : T == Target::Device ? 0 : gid / l.local;
        added[word] += l.steps * ref::atomic_increment(W, l.seed, uint32_t(gid));
    }
    std::vector<size_t> items(added.size());
    std::vector<uint64_t> expected(added.size());
    for (size_t i = 0; i < added.size(); ++i) {
        items[i] = i;
        expected[i] = ref::atomic_after(W, ref::atomic_start(W, l.seed, i), added[i]);
    }
    return compare_exact(items, 1, out, expected, word_kind(W));
}

// Float sums stay exact while every partial sum stays below 2^24 (increments are <= 4).
uint64_t float_distinct_steps(size_t, size_t) {
    return ref::kExactFloatSum / 4;
}
uint64_t float_device_steps(size_t global, size_t) {
    return ref::kExactFloatSum / 4 / global;
}
uint64_t float_group_steps(size_t, size_t local) {
    return ref::kExactFloatSum / 4 / local;
}

// One ticket slot per operation of the launch: at most 2^24 (64 MiB).
uint64_t ticket_steps(size_t global, size_t) {
    return (uint64_t(1) << 24) / global;
}
size_t ticket_words(const GroupLaunch& l) {
    return 1 + l.global * l.steps;
}
uint64_t ticket_start(uint32_t seed, size_t index) {
    return index == 0 ? ref::ticket_start(seed) : 0; // slot 0: no work-item took it
}

void mismatch(Verification& v, const std::string& what) {
    if (v.mismatches++ == 0) v.first_mismatch = what;
}

// The counter moved once per ticket, and each work-item holds exactly `steps` tickets.
Verification check_tickets(const GroupLaunch& l, const std::vector<uint64_t>& out, bool) {
    Verification v;
    const uint64_t tickets = l.global * l.steps;
    const uint32_t end = uint32_t(ref::ticket_start(l.seed) + tickets);
    ++v.checked;
    if (out[0] != end)
        mismatch(v, "counter: got " + std::to_string(out[0]) + ", expected " + std::to_string(end));
    std::vector<uint64_t> taken(l.global, 0);
    for (uint64_t t = 0; t < tickets; ++t) {
        const uint64_t id = out[1 + t];
        ++v.checked;
        if (id == 0 || id > l.global)
            mismatch(v, "ticket " + std::to_string(t) + ": slot holds " + std::to_string(id) +
                            (id == 0 ? " (no work-item took it)" : " (no such work-item)"));
        else
            ++taken[id - 1];
    }
    for (size_t gid = 0; gid < l.global; ++gid) {
        ++v.checked;
        if (taken[gid] != l.steps)
            mismatch(v, "work-item " + std::to_string(gid) + " took " + std::to_string(taken[gid]) +
                            " tickets, expected " + std::to_string(l.steps));
    }
    return v;
}

struct Flavor {
    AtomicWord word;
    const char* suffix; // of the id: "u32", "u64", "f32"
    ImplPath path;
    bool opencl_c_2;
    const char* what; // for the description
};

const Flavor kU32{AtomicWord::U32, "u32", {"native", {}, ""}, false, "uint atomic_add"};
const Flavor kU64{AtomicWord::U64,
                  "u64",
                  {"khr", {Need::Int64Atomics}, "-DCLG_U64"},
                  false,
                  "ulong atom_add (cl_khr_int64_base_atomics)"};
const Flavor kF32{AtomicWord::F32,
                  "f32",
                  {"ext", {}, "-DCLG_F32"},
                  true,
                  "float atomic_fetch_add_explicit (cl_ext_float_atomics), relaxed"};
const Flavor kC11{AtomicWord::U32,
                  "u32",
                  {"c11", {}, "-DCLG_C11"},
                  true,
                  "uint atomic_fetch_add_explicit, relaxed"};

// NVIDIA's OpenCL lacks cl_ext_float_atomics: there inline PTX is the one way to its float
// atomics (global memory only).
const ImplPath kF32Ptx{"ptx", {Need::InlinePtx}, "-DCLG_F32 -DCLG_PTX"};

template <AtomicWord W, Target T>
Benchmark counter_entry(const std::string& id, const Flavor& f, const char* kernel,
                        const std::string& description, Need scope,
                        unsigned groups_per_cu = kGroupsPerCu) {
    GroupSpec s;
    s.groups_per_cu = groups_per_cu;
    s.entry.id = id;
    s.entry.family = "atomics";
    s.entry.label = "Atomic add";
    s.entry.description = std::string(f.what) + ": " + description;
    s.entry.unit = Unit::OpPerSecond;
    ImplPath path = f.path;
    if (f.opencl_c_2) path.needs.push_back(scope);
    s.entry.paths = {path};
    if (W == AtomicWord::F32 && T != Target::Group) s.entry.paths.push_back(kF32Ptx);
    s.source = "atomics.cl";
    s.kernel = kernel;
    s.opencl_c_2 = f.opencl_c_2;
    s.steps = 16;
    s.local = 256;
    s.word_bytes = W == AtomicWord::U64 ? 8 : 4;
    s.out_words = counter_words<T>;
    s.init = counter_start<W>;
    s.check = check_counters<W, T>;
    if (W == AtomicWord::F32)
        s.max_steps = T == Target::Distinct ? float_distinct_steps
                      : T == Target::Device ? float_device_steps
                                            : float_group_steps;
    return group_benchmark(std::move(s));
}

// The three counter kernels in one flavor; `needs` of a flavor built as OpenCL C 2.0 are the
// float ones (the only such flavor added this way).
// `distinct_groups_per_cu`: the perf launch of the global distinct-address kernel.
template <AtomicWord W>
void add_counters(std::vector<Benchmark>& v, const Flavor& f,
                  unsigned distinct_groups_per_cu = kGroupsPerCu) {
    const std::string s = f.suffix;
    v.push_back(counter_entry<W, Target::Distinct>(
        "atomic.global.distinct." + s, f, "atomic_global_distinct",
        "each work-item adds to its own global word", Need::FloatAtomicAddGlobal,
        distinct_groups_per_cu));
    v.push_back(counter_entry<W, Target::Device>(
        "atomic.global.contended." + s, f, "atomic_global_contended",
        "every work-item adds to one global word", Need::FloatAtomicAddGlobal));
    v.push_back(counter_entry<W, Target::Group>(
        "atomic.local.contended." + s, f, "atomic_local_contended",
        "a work-group's items add to one local word", Need::FloatAtomicAddLocal));
}

std::vector<Benchmark> atomics() {
    std::vector<Benchmark> v;
    // 32-bit adds to distinct global words still gain past 16 work-groups per SM on a GPU
    // (CLGAUGE_MEM_TUNE=wgs=N; baselines/nvidia/NOTES.md). The other words were not measured
    // past 16 and keep the default (kGroupsPerCu).
    add_counters<AtomicWord::U32>(v, kU32, 64);
    v.push_back(counter_entry<AtomicWord::U32, Target::Distinct>(
        "atomic.local.distinct.u32", kU32, "atomic_local_distinct",
        "each work-item adds to its own local word", Need::AtomicsWorkGroupScope));

    GroupSpec t;
    t.entry = {.id = "atomic.global.cmpxchg.u32",
               .family = "atomics",
               .label = "Atomic cmpxchg",
               .description = "tickets from one global counter by atomic_cmpxchg loops; every "
                              "ticket taken once",
               .unit = Unit::OpPerSecond,
               .paths = {{"native", {}, ""}}};
    t.source = "atomics.cl";
    t.kernel = "atomic_cmpxchg_tickets";
    t.steps = 4;
    // Eight work-groups contend on any device, and calibration adds tickets per work-item:
    // four tickets for every work-item of two work-groups per compute unit took over a second a
    // launch on a large GPU (each success costs the retries of every other contender), far past
    // what a budget's launch may take.
    t.perf_groups = 8;
    t.out_words = ticket_words;
    t.init = ticket_start;
    t.check = check_tickets;
    t.max_steps = ticket_steps;
    v.push_back(group_benchmark(std::move(t)));

    add_counters<AtomicWord::U64>(v, kU64);
    add_counters<AtomicWord::F32>(v, kF32);
    // OpenCL C 2.0 scopes: memory_scope_device on global words, memory_scope_work_group on
    // local ones.
    v.push_back(counter_entry<AtomicWord::U32, Target::Distinct>(
        "atomic.c11.global.distinct.u32", kC11, "atomic_global_distinct",
        "memory_scope_device, each work-item adds to its own global word",
        Need::AtomicsDeviceScope));
    v.push_back(counter_entry<AtomicWord::U32, Target::Group>(
        "atomic.c11.local.contended.u32", kC11, "atomic_local_contended",
        "memory_scope_work_group, a work-group's items add to one local word",
        Need::AtomicsWorkGroupScope));
    return v;
}

} // namespace

// Registry order 116: on-chip families after device memory (local memory is 115).
const FamilyRegistrar registered(116, atomics);

} // namespace clgauge::families
