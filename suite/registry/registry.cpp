#include "registry/registry.hpp"

#include <algorithm>
#include <fnmatch.h>
#include <map>
#include <sstream>
#include <stdexcept>

namespace clgauge {

namespace {
// Function-local, so that registrars in other files may run before this file's statics.
std::vector<FamilyRegistration>& registrations() {
    static std::vector<FamilyRegistration> all;
    return all;
}
} // namespace

FamilyRegistrar::FamilyRegistrar(int order, FamilyEntries entries) {
    registrations().push_back({order, entries});
}

std::vector<Benchmark> assemble_registry(std::vector<FamilyRegistration> families) {
    std::sort(families.begin(), families.end(),
              [](const auto& a, const auto& b) { return a.order < b.order; });
    std::vector<Benchmark> all;
    std::map<std::string, std::string> family_of; // id -> its family, to name a clash
    std::string previous;                         // the family before, to name an order clash
    for (size_t i = 0; i < families.size(); ++i) {
        auto entries = families[i].entries();
        const std::string family = entries.empty() ? "(empty)" : entries.front().family;
        if (i > 0 && families[i].order == families[i - 1].order)
            throw std::logic_error("families " + previous + " and " + family +
                                   " share registry order " + std::to_string(families[i].order));
        previous = family;
        for (auto& b : entries) {
            const auto [it, added] = family_of.emplace(b.id, b.family);
            if (!added)
                throw std::logic_error("benchmark id " + b.id + " is registered twice (families " +
                                       it->second + " and " + b.family + ")");
            all.push_back(std::move(b));
        }
    }
    return all;
}

const std::vector<Benchmark>& registry() {
    static const std::vector<Benchmark> all = assemble_registry(registrations());
    return all;
}

const Benchmark* find_benchmark(const std::string& id) {
    for (const auto& b : registry())
        if (b.id == id) return &b;
    return nullptr;
}

const Benchmark& registry_entry(const std::string& id) {
    const Benchmark* b = find_benchmark(id);
    if (!b) throw std::runtime_error("registry entry " + id + " is missing");
    return *b;
}

bool glob_match(const std::string& pattern, const std::string& text) {
    // fnmatch(3): glibc's matcher does not backtrack over earlier stars, so a pattern of many
    // stars takes time linear in the text, where a recursive matcher takes exponential time.
    for (const auto& alt : split_alternatives(pattern))
        if (fnmatch(alt.c_str(), text.c_str(), 0) == 0) return true;
    return false;
}

std::vector<std::string> split_alternatives(const std::string& pattern) {
    std::vector<std::string> out;
    std::istringstream in(pattern);
    std::string alt;
    while (std::getline(in, alt, ','))
        if (!alt.empty()) out.push_back(alt);
    return out;
}

std::vector<const Benchmark*> select_benchmarks(const std::string& pattern) {
    std::vector<const Benchmark*> out;
    for (const auto& b : registry())
        if (pattern.empty() || glob_match(pattern, b.id)) out.push_back(&b);
    return out;
}

std::vector<std::string> unmatched_alternatives(const std::string& pattern) {
    std::vector<std::string> out;
    for (const auto& alt : split_alternatives(pattern))
        if (std::none_of(registry().begin(), registry().end(),
                         [&](const Benchmark& b) { return glob_match(alt, b.id); }))
            out.push_back(alt);
    return out;
}

} // namespace clgauge
