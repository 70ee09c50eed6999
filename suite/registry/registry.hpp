// The list of every benchmark. Each family file under suite/benchmarks/ registers its entries
// where it defines them, with a FamilyRegistrar; nothing else names the families.
#pragma once
#include "types/benchmark.hpp"

#include <string>
#include <vector>

namespace clgauge {

// Makes one family's entries; called once, when the registry is first read.
using FamilyEntries = std::vector<Benchmark> (*)();

struct FamilyRegistration {
    int order = 0; // lower first: the order of the console table, the JSON and the CSV
    FamilyEntries entries = nullptr;
};

// A family file's static object: `const FamilyRegistrar registered(40, entries);`.
// The linker must keep every family object (CMakeLists.txt links them whole).
struct FamilyRegistrar {
    FamilyRegistrar(int order, FamilyEntries entries);
};

// The entries of `families` in order; throws std::logic_error naming the clash when two
// families share an order or two entries an id.
std::vector<Benchmark> assemble_registry(std::vector<FamilyRegistration> families);

const std::vector<Benchmark>& registry();
const Benchmark* find_benchmark(const std::string& id);
// The entry `id`; throws std::runtime_error naming it when the registry has none.
const Benchmark& registry_entry(const std::string& id);

// Shell-style glob (fnmatch(3): *, ?, [...]) over ids; a comma separates alternatives:
// "fp*.fma,int32.*". Empty alternatives are ignored. Time linear in the text for any number
// of stars (unit_glob.cpp holds the cases).
bool glob_match(const std::string& pattern, const std::string& text);
// The non-empty comma-separated alternatives of `pattern`.
std::vector<std::string> split_alternatives(const std::string& pattern);
// Every benchmark matching `pattern`; all of them for "".
std::vector<const Benchmark*> select_benchmarks(const std::string& pattern);
// The alternatives of `pattern` that match no benchmark id (a typo in --only).
std::vector<std::string> unmatched_alternatives(const std::string& pattern);

} // namespace clgauge
