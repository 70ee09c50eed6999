#include "harness/lane_map.hpp"

#include <map>

namespace clgauge {

namespace {
std::string item_text(size_t gid, const uint32_t* r) {
    return "work-item " + std::to_string(gid) + " (sub-group " + std::to_string(r[0]) + ", lane " +
           std::to_string(r[1]) + ", size " + std::to_string(r[2]) + ", max " +
           std::to_string(r[3]) + ")";
}
} // namespace

LaneMap parse_lane_map(const std::vector<uint32_t>& words, size_t local) {
    LaneMap m;
    const size_t items = words.size() / 4;
    if (items == 0 || local == 0 || items % local != 0) {
        m.error = "lane map of " + std::to_string(items) +
                  " work-items does not tile work-groups of " + std::to_string(local);
        return m;
    }
    m.max_size = words[3];
    if (m.max_size == 0) {
        m.error = "maximum sub-group size 0 (" + item_text(0, &words[0]) + ")";
        return m;
    }
    m.per_group = static_cast<uint32_t>((local + m.max_size - 1) / m.max_size);
    m.subgroup_of.assign(items, 0);
    m.lane_of.assign(items, 0);
    const size_t groups = items / local;
    for (size_t g = 0; g < groups; ++g) {
        // sub-group id -> index in m.subgroups, for this work-group
        std::map<uint32_t, size_t> index;
        for (size_t l = 0; l < local; ++l) {
            const size_t gid = g * local + l;
            const uint32_t* r = &words[gid * 4];
            const uint32_t sid = r[0], lane = r[1], size = r[2], max = r[3];
            if (max != m.max_size) {
                m.error = item_text(gid, r) + ": maximum sub-group size differs from " +
                          std::to_string(m.max_size);
                return m;
            }
            if (size == 0 || size > max || lane >= size) {
                m.error = item_text(gid, r) + ": lane and size out of range";
                return m;
            }
            if (sid >= m.per_group) {
                m.error = item_text(gid, r) + ": sub-group id beyond ceil(" +
                          std::to_string(local) + " / " + std::to_string(max) + ")";
                return m;
            }
            auto [it, fresh] = index.try_emplace(sid, m.subgroups.size());
            if (fresh) {
                ref::subgroup::SubGroup sg;
                sg.group = static_cast<uint32_t>(g);
                sg.id = sid;
                sg.max_size = max;
                sg.region = static_cast<uint32_t>((g * m.per_group + sid) * 2ull * max);
                sg.gid.assign(size, UINT32_MAX);
                m.subgroups.push_back(std::move(sg));
            }
            auto& sg = m.subgroups[it->second];
            if (sg.size() != size) {
                m.error = item_text(gid, r) + ": another lane of this sub-group reported size " +
                          std::to_string(sg.size());
                return m;
            }
            if (sg.gid[lane] != UINT32_MAX) {
                m.error = item_text(gid, r) + ": lane already taken by work-item " +
                          std::to_string(sg.gid[lane]);
                return m;
            }
            sg.gid[lane] = static_cast<uint32_t>(gid);
            m.subgroup_of[gid] = static_cast<uint32_t>(it->second);
            m.lane_of[gid] = lane;
        }
        for (const auto& [sid, i] : index) {
            const auto& sg = m.subgroups[i];
            for (uint32_t k = 0; k < sg.size(); ++k)
                if (sg.gid[k] == UINT32_MAX) {
                    m.error = "work-group " + std::to_string(g) + " sub-group " +
                              std::to_string(sid) + " of size " + std::to_string(sg.size()) +
                              " has no work-item in lane " + std::to_string(k);
                    return m;
                }
            m.sizes.insert(sg.size());
        }
    }
    return m;
}

std::string describe_sizes(const std::set<uint32_t>& sizes) {
    if (sizes.empty()) return "none";
    if (sizes.size() > 4)
        return std::to_string(*sizes.begin()) + ".." + std::to_string(*sizes.rbegin()) + " (" +
               std::to_string(sizes.size()) + " sizes)";
    std::string s;
    for (uint32_t v : sizes)
        s += (s.empty() ? "" : ", ") + std::to_string(v);
    return s;
}

} // namespace clgauge
