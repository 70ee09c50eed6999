#include "registry/registry.hpp"

#include "registry/families.hpp"

#include <sstream>

namespace clgauge {

const std::vector<Benchmark>& registry() {
    static const std::vector<Benchmark> all = [] {
        std::vector<Benchmark> v;
        for (auto family : {families::fma, families::mad, families::memory, families::stream,
                            families::transfer, families::launch, families::block}) {
            auto entries = family();
            v.insert(v.end(), std::make_move_iterator(entries.begin()),
                     std::make_move_iterator(entries.end()));
        }
        return v;
    }();
    return all;
}

const Benchmark* find_benchmark(const std::string& id) {
    for (const auto& b : registry())
        if (b.id == id) return &b;
    return nullptr;
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
