#include "harness/subgroup_check.hpp"

#include "reference/subgroup.hpp"

#include <algorithm>
#include <iterator>

namespace clgauge {
namespace {

std::string where_in_map(const LaneMap& m, uint32_t sg, uint32_t lane) {
    const auto& g = m.subgroups[sg];
    return "work-group " + std::to_string(g.group) + ", sub-group " + std::to_string(g.id) +
           ", lane " + std::to_string(lane) + " of " + std::to_string(g.size());
}

} // namespace

size_t subgroup_words_per_item(SgOp op) {
    switch (op) {
    case SgOp::Broadcast:
        return 2;
    case SgOp::ReduceAdd:
        return 3;
    default:
        return 1;
    }
}

Verification check_subgroups(SgOp op, uint32_t seed, uint64_t steps, const LaneMap& m,
                             const std::vector<size_t>& chosen, const std::vector<uint32_t>& device,
                             const SubgroupHostWords& host, bool whole_buffer) {
    std::vector<size_t> items;
    std::vector<uint64_t> got, expected;
    std::vector<std::string> place; // for the first mismatch
    if (op == SgOp::BlockWrite) {
        std::vector<uint32_t> mem = host.out_init;
        for (size_t i : chosen)
            ref::subgroup::block_write(seed, steps, m.subgroups[i], mem);
        auto check = [&](size_t w) {
            items.push_back(w);
            got.push_back(device[w]);
            expected.push_back(mem[w]);
        };
        if (whole_buffer) {
            for (size_t w = 0; w < mem.size(); ++w)
                check(w);
        } else {
            for (size_t i : chosen)
                for (size_t w = 0; w < 2ull * m.max_size; ++w)
                    check(m.subgroups[i].region + w);
        }
    } else {
        const size_t W = subgroup_words_per_item(op);
        std::vector<uint32_t> out;
        for (size_t i : chosen) {
            const auto& g = m.subgroups[i];
            out.assign(g.size() * W, 0);
            // The per-lane models, in the order of SgOp; block reads also take the input.
            using Model = void (*)(uint32_t, uint64_t, const ref::subgroup::SubGroup&, uint32_t*);
            static constexpr Model kModels[] = {ref::subgroup::broadcast, ref::subgroup::reduce_add,
                                                ref::subgroup::shuffle, ref::subgroup::shuffle_xor};
            static_assert(size_t(SgOp::ShuffleXor) + 1 == std::size(kModels));
            if (op == SgOp::BlockRead)
                ref::subgroup::block_read(seed, steps, g, host.in, out.data());
            else if (size_t(op) < std::size(kModels))
                kModels[size_t(op)](seed, steps, g, out.data());
            for (uint32_t k = 0; k < g.size(); ++k) {
                items.push_back(g.gid[k]);
                for (size_t w = 0; w < W; ++w) {
                    got.push_back(device[g.gid[k] * W + w]);
                    expected.push_back(out[k * W + w]);
                }
            }
        }
    }
    const size_t W = op == SgOp::BlockWrite ? 1 : subgroup_words_per_item(op);
    Verification v = compare_exact(items, W, got, expected, WordKind::U32);
    if (v.mismatches > 0) {
        const size_t first =
            std::mismatch(got.begin(), got.end(), expected.begin()).first - got.begin();
        const size_t item = items[first / W];
        std::string at;
        if (op == SgOp::BlockWrite) {
            const size_t per_region = 2ull * m.max_size;
            const size_t r = item / per_region;
            at = "region of work-group " + std::to_string(r / m.per_group) + " sub-group " +
                 std::to_string(r % m.per_group) + ", word " + std::to_string(item % per_region);
        } else {
            at = where_in_map(m, m.subgroup_of[item], m.lane_of[item]);
        }
        v.first_mismatch += " [" + at + "]";
    }
    return v;
}

void merge_verification(Verification& total, const Verification& v, const std::string& where) {
    total.checked += v.checked;
    if (v.mismatches > 0 && total.mismatches == 0)
        total.first_mismatch = where + ": " + v.first_mismatch;
    total.mismatches += v.mismatches;
    if (!v.degenerate.empty() && total.degenerate.empty())
        total.degenerate = where + ": " + v.degenerate;
}

void fail_lane_map(Verification& total, const LaneMap& m, size_t items, const std::string& where) {
    total.checked += items;
    if (total.mismatches == 0) total.first_mismatch = where + ": lane map: " + m.error;
    total.mismatches += 1;
}

} // namespace clgauge
