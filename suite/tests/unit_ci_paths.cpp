// label unit: every path of every registry entry runs on a CI device (conformance forces each
// path) or is listed in docs/ci.md with what checks it instead (ci_paths.hpp).
#include "ci_paths.hpp"
#include "text_file.hpp"

#include "registry/registry.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

std::vector<ListedPath> ci_md_listing() {
    return listed_paths(read_text(std::string(CLGAUGE_SOURCE_DIR) + "/docs/ci.md"));
}

TEST(CiPaths, EveryPathRunsOnACiDeviceOrIsListed) {
    const std::vector<ListedPath> listed = ci_md_listing();
    ASSERT_FALSE(listed.empty()) << "docs/ci.md has no \"## Paths no CI device runs\" table";
    for (const std::string& f : ci_path_faults(registry(), ci_devices(), listed))
        ADD_FAILURE() << f;
    for (const ListedPath& l : listed)
        EXPECT_FALSE(l.covered_by.empty()) << l.entries << " [" << l.path << "]";
}

// Planted: an entry with a path only an Intel GPU with DPAS runs, and no listing of it; then
// the same path listed although PoCL runs it (its needs emptied).
TEST(CiPaths, AnUnlistedPathNoCiDeviceRunsFails) {
    Benchmark b;
    b.id = "mma.planted";
    b.paths = {{"emulated", {}, ""}, {"dpas", {Need::IntelDpas}, ""}};
    const auto faults = ci_path_faults({b}, ci_devices(), {});
    ASSERT_EQ(faults.size(), 1u);
    EXPECT_NE(faults[0].find("mma.planted [dpas]: no CI device runs it"), std::string::npos)
        << faults[0];
    EXPECT_TRUE(ci_path_faults({b}, ci_devices(), {{"mma.*", "dpas", "isa"}}).empty());
    b.paths[1].needs.clear();
    const auto stale = ci_path_faults({b}, ci_devices(), {{"mma.*", "dpas", "isa"}});
    ASSERT_EQ(stale.size(), 1u);
    EXPECT_NE(stale[0].find("runs on PoCL 3.1"), std::string::npos) << stale[0];
}

// Planted for the conformance case CiDevices.NeedsMatchThisDevice: PoCL's row against a
// device that gained fp16 and lost images.
TEST(CiPaths, ADeviceUnlikeItsRowIsReported) {
    const CiDevice& pocl = ci_devices().front();
    Capabilities caps;
    for (int i = 0; i <= int(Need::Images); ++i)
        EXPECT_TRUE(unmet(Need(i), caps).has_value()) << need_name(Need(i));
    caps.fp64 = caps.int64_atomics = caps.c11_atomics_device_scope = true;
    caps.c11_atomics_work_group_scope = true;
    caps.opencl_c_major = 3;
    caps.images = true;
    EXPECT_TRUE(need_mismatches(pocl, caps).empty());
    caps.fp16 = true;
    caps.images = false;
    const auto v = need_mismatches(pocl, caps);
    ASSERT_EQ(v.size(), 2u);
    EXPECT_NE(v[0].find("\"fp16\" is met, but"), std::string::npos) << v[0];
    EXPECT_NE(v[1].find("\"images\" is listed as met"), std::string::npos) << v[1];
}

TEST(CiPaths, ListingIsReadFromItsSectionOnly) {
    const std::string md = "## Other\n| `a.*` | `ptx` | x |\n## Paths no CI device runs\n\n"
                           "| entries | path | covered by |\n| --- | --- | --- |\n"
                           "| `mma.*` | `dpas` | the `isa` label |\n## Next\n| `b` | `c` | d |\n";
    const auto v = listed_paths(md);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].entries, "mma.*");
    EXPECT_EQ(v[0].path, "dpas");
    EXPECT_EQ(v[0].covered_by, "the `isa` label");
}

} // namespace
} // namespace clgauge::test
