// The lane -> sub-group map a device really used, read back from sg_lane_map, checked for
// consistency and turned into the sub-groups the CPU model replays.
#pragma once
#include "reference/subgroup.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace clgauge {

struct LaneMap {
    std::string error;                              // non-empty: the map itself is inconsistent
    std::vector<ref::subgroup::SubGroup> subgroups; // by work-group, then sub-group id
    std::vector<uint32_t> subgroup_of;              // global id -> index into subgroups
    std::vector<uint32_t> lane_of;                  // global id -> lane
    uint32_t max_size = 0;                          // as get_max_sub_group_size() reported it
    uint32_t per_group = 0;                         // sub-group slots per work-group: ceil(L / max)
    std::set<uint32_t> sizes;                       // distinct sub-group sizes seen
    bool ok() const { return error.empty(); }
    // Words of block I/O regions the launch addresses (2 * max_size per slot).
    size_t region_words(size_t groups) const { return groups * per_group * 2ull * max_size; }
};

// `words` holds 4 words per work-item (sub-group id, lane, size, max size) of a 1-D launch
// with `local` work-items per work-group. Checks that every sub-group's lanes are exactly
// 0..size-1, once each, with one size and one max size, and ids below ceil(local / max).
LaneMap parse_lane_map(const std::vector<uint32_t>& words, size_t local);

// "16" or "16, 8" or "1..512 (10 sizes)": the sizes seen, for reports.
std::string describe_sizes(const std::set<uint32_t>& sizes);

} // namespace clgauge
