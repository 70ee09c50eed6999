// label unit: the registry is assembled from the family files' registrars, in their order.
#include "registry/registry.hpp"

#include <filesystem>
#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

namespace clgauge {
namespace {

// Every family file registered itself: a file the linker dropped, or one without a
// registrar, leaves its family out.
TEST(Registry, EveryFamilyFileRegisters) {
    std::set<std::string> families;
    for (const auto& b : registry())
        families.insert(b.family);
    size_t files = 0;
    const auto dir = std::filesystem::path(CLGAUGE_SOURCE_DIR) / "suite" / "benchmarks";
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".cpp") continue;
        ++files;
        EXPECT_TRUE(families.count(e.path().stem().string()))
            << e.path() << " registers no family named " << e.path().stem();
    }
    EXPECT_EQ(files, families.size());
}

// A family's entries stand together, so the table reads family by family.
TEST(Registry, FamiliesAreContiguous) {
    std::set<std::string> done;
    std::string current;
    for (const auto& b : registry()) {
        if (b.family == current) continue;
        EXPECT_TRUE(done.insert(b.family).second) << b.family << " is split at " << b.id;
        current = b.family;
    }
}

Benchmark entry(const std::string& id, const std::string& family) {
    Benchmark b;
    b.id = id;
    b.family = family;
    return b;
}
std::vector<Benchmark> family_a() {
    return {entry("a.1", "a"), entry("a.2", "a")};
}
std::vector<Benchmark> family_b() {
    return {entry("b.1", "b")};
}
std::vector<Benchmark> family_b_clash() {
    return {entry("a.2", "b")};
}

TEST(Registry, AssemblyFollowsTheOrderKey) {
    const auto all = assemble_registry({{20, family_a}, {10, family_b}});
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].id, "b.1");
    EXPECT_EQ(all[1].id, "a.1");
}

// Planted faults: an id registered twice and two families on one order key are refused.
TEST(Registry, PlantedDuplicateIdIsRefused) {
    try {
        assemble_registry({{10, family_a}, {20, family_b_clash}});
        FAIL() << "a duplicate id was accepted";
    } catch (const std::logic_error& e) {
        EXPECT_NE(std::string(e.what()).find("a.2 is registered twice"), std::string::npos)
            << e.what();
    }
}

TEST(Registry, PlantedSharedOrderIsRefused) {
    EXPECT_THROW(assemble_registry({{10, family_a}, {10, family_b}}), std::logic_error);
}

} // namespace
} // namespace clgauge
