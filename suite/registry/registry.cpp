#include "registry/registry.hpp"

#include <algorithm>
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

namespace {
bool glob_one(const char* p, const char* t) {
    for (; *p; ++p, ++t) {
        if (*p == '*') {
            for (const char* s = t;; ++s) {
                if (glob_one(p + 1, s)) return true;
                if (!*s) return false;
            }
        }
        if (!*t || (*p != '?' && *p != *t)) return false;
    }
    return !*t;
}
} // namespace

bool glob_match(const std::string& pattern, const std::string& text) {
    std::istringstream in(pattern);
    std::string alt;
    while (std::getline(in, alt, ','))
        if (!alt.empty() && glob_one(alt.c_str(), text.c_str())) return true;
    return false;
}

std::vector<const Benchmark*> select_benchmarks(const std::string& pattern) {
    std::vector<const Benchmark*> out;
    for (const auto& b : registry())
        if (pattern.empty() || glob_match(pattern, b.id)) out.push_back(&b);
    return out;
}

} // namespace clgauge
