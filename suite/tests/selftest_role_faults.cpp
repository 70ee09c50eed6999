// label selftest: planted faults that mix up work-items' roles in the kernels where work-items
// exchange data (local memory, sub-group operations, MMA fragments, per-group counters) must
// fail conformance: a check has to see who gave a value, not only that a value is wrong
// A permutation of roles that the result cannot show, because the operation is
// symmetric in them (a sum, a counter all items add to), is no fault and has no row here.
#include "planted_fault.hpp"

namespace clgauge::test {
namespace {

// The barrier ring. Both faults leave a ring that is a full cycle and moves every value as
// far as the right one after an even number of steps: the swap lid ^ 1 commutes with even
// shifts. Only the per-place maps of kernels/barrier.cl show them.
const char* kBarrierLid = "const uint lid = get_local_id(0);";
const char* kBarrierNext = "const uint next = lid + 1u == CLG_LOCAL ? 0u : lid + 1u;";

// The emulated sub-group exchange (clgauge_subgroup.h): every item publishes its value in
// its partner's slot, so a lane reads the value of the lane next to the one it asked for.
const char* kEmuPublish = "s[lid] = x;\n    barrier(CLK_LOCAL_MEM_FENCE);\n    const uint r =";
const char* kEmuPublishSwapped =
    "s[lid ^ 1u] = x;\n    barrier(CLK_LOCAL_MEM_FENCE);\n    const uint r =";

// The MMA: a lane loads, accumulates and stores the fragments of its partner lane.
const char* kMmaLane = "const uint lane = CLG_LANE();";
const char* kMmaLaneSwapped = "const uint lane = CLG_LANE() ^ 1u;";

const PlantedFault kFaults[] = {
    // The fault: each work-item takes its local id wrongly.
    {"BarrierPlacesSwapped",
     {"barrier.local.64", "barrier.local.256", "barrier.local.max"},
     {},
     kBarrierLid,
     "const uint lid = get_local_id(0) ^ 1u;"},
    // A wrong neighbour index: even items read three places on, odd ones one place back.
    {"BarrierNeighbourOrderChanged",
     {"barrier.local.128", "barrier.local.max"},
     {},
     kBarrierNext,
     "const uint next = (((lid ^ 1u) + 1u) % CLG_LOCAL) ^ 1u;"},
    {"SubgroupEmulatedSlotsSwapped",
     {"subgroup.broadcast", "subgroup.shuffle", "subgroup.shuffle_xor"},
     "emulated",
     kEmuPublish,
     kEmuPublishSwapped},
    {"MmaEmulatedLanesSwapped", {"mma.h", "mma.i8"}, "emulated", kMmaLane, kMmaLaneSwapped},
    // The tensor-core and DPAS fragments (checked on an NVIDIA GPU, an Intel GPU).
    {"MmaPtxLanesSwapped", {"mma.h", "mma.i8"}, "ptx", kMmaLane, kMmaLaneSwapped},
    {"MmaDpasLanesSwapped", {"mma.h", "mma.i8"}, "dpas", kMmaLane, kMmaLaneSwapped},
    // A block read's sum stored at the partner lane's word.
    {"BlockReadLanesSwapped",
     {"mem.block.read"},
     {},
     "out[get_group_id(0) * L + base + clg_sg_lane()] = acc;",
     "out[get_group_id(0) * L + base + (clg_sg_lane() ^ 1u)] = acc;"},
    // A block write of the pattern word of the partner lane.
    {"BlockWriteLanesSwapped",
     {"mem.block.write"},
     {},
     "const uint word = base + clg_sg_lane();",
     "const uint word = base + (clg_sg_lane() ^ 1u);"},
    // The local ring walked from the partner's place, its sum started from one's own id.
    {"LocalWalkPlacesSwapped",
     {"local.read.f32"},
     {},
     "uint start = gid & (CLG_LOCAL_N - 1);",
     "uint start = (gid ^ 1u) & (CLG_LOCAL_N - 1);"},
    // No exchange, but shared data: a cache read of the partner's lane of every row.
    {"CacheReadLanesSwapped",
     {"cache.l1.read"},
     {},
     "global const float4* lane = data + lid % CLG_ROW;",
     "global const float4* lane = data + (lid ^ 1u) % CLG_ROW;"},
    // A work-group counts into its partner group's counter.
    {"AtomicGroupCountersSwapped",
     {"atomic.local.contended.u32", "atomic.local.contended.u64"},
     {},
     "group = get_group_id(0);",
     "group = get_group_id(0) ^ 1u;"},
};
INSTANTIATE_PLANTED_FAULTS(Roles, kFaults);

} // namespace
} // namespace clgauge::test
