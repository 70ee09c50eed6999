// Judging one sub-group launch: every checked lane's words against the CPU models
// (reference/subgroup.hpp) replayed on the lane -> sub-group map the device reported
// (harness/lane_map.hpp); the harness (harness/subgroup.cpp) runs the launches.
#pragma once
#include "harness/lane_map.hpp"
#include "harness/subgroup.hpp"
#include "measure/verify.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace clgauge {

// Words each work-item of a per-lane op stores (block writes fill regions instead).
size_t subgroup_words_per_item(SgOp op);

// What the host wrote before the launch: the block-read input and the output's first words.
struct SubgroupHostWords {
    std::vector<uint32_t> in, out_init;
};

// Checks the chosen sub-groups (indices into m.subgroups) of one launch of `steps` steps;
// `device` is the output buffer read back; block writes check the whole buffer where
// `whole_buffer`, else the chosen sub-groups' regions.
Verification check_subgroups(SgOp op, uint32_t seed, uint64_t steps, const LaneMap& m,
                             const std::vector<size_t>& chosen, const std::vector<uint32_t>& device,
                             const SubgroupHostWords& host, bool whole_buffer);

// Adds one geometry's verification to the run's, the first mismatch prefixed by `where`.
void merge_verification(Verification& total, const Verification& v, const std::string& where);
// Counts a launch of `items` work-items whose lane map was inconsistent as one mismatch.
void fail_lane_map(Verification& total, const LaneMap& m, size_t items, const std::string& where);

} // namespace clgauge
