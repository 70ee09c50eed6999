#include "measure/verify.hpp"

#include "base/parallel_for.hpp"
#include "reference/half.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <set>

namespace clgauge {

std::string describe_word(uint64_t bits, WordKind kind) {
    char buf[128];
    switch (kind) {
    case WordKind::U16x2:
        std::snprintf(buf, sizeof buf, "0x%08llx (%u, %u)", (unsigned long long)bits,
                      unsigned(bits & 0xffff), unsigned((bits >> 16) & 0xffff));
        break;
    case WordKind::U32:
        std::snprintf(buf, sizeof buf, "0x%08llx (%u)", (unsigned long long)bits, unsigned(bits));
        break;
    case WordKind::U64:
        std::snprintf(buf, sizeof buf, "0x%016llx", (unsigned long long)bits);
        break;
    case WordKind::F16x2:
        std::snprintf(buf, sizeof buf, "0x%08llx (%.6g, %.6g)", (unsigned long long)bits,
                      ref::half_to_double(uint16_t(bits)),
                      ref::half_to_double(uint16_t(bits >> 16)));
        break;
    case WordKind::F32:
        std::snprintf(buf, sizeof buf, "0x%08llx (%.9g)", (unsigned long long)bits,
                      double(std::bit_cast<float>(uint32_t(bits))));
        break;
    case WordKind::F64:
        std::snprintf(buf, sizeof buf, "0x%016llx (%.17g)", (unsigned long long)bits,
                      std::bit_cast<double>(bits));
        break;
    }
    return buf;
}

bool word_not_finite(uint64_t bits, WordKind kind) {
    switch (kind) {
    case WordKind::F16x2:
        return (bits & 0x7c00) == 0x7c00 || ((bits >> 16) & 0x7c00) == 0x7c00;
    case WordKind::F32:
        return !std::isfinite(std::bit_cast<float>(uint32_t(bits)));
    case WordKind::F64:
        return !std::isfinite(std::bit_cast<double>(bits));
    default:
        return false;
    }
}

std::vector<size_t> check_sample(Mode mode, size_t n, size_t perf_count) {
    return sample_items(n, mode == Mode::Perf ? perf_count : n);
}

std::vector<size_t> sample_items(size_t n, size_t count) {
    std::vector<size_t> items;
    if (count >= n) {
        items.resize(n);
        for (size_t i = 0; i < n; ++i)
            items[i] = i;
        return items;
    }
    std::set<size_t> s{0, n - 1};
    for (size_t k = 0; s.size() < count && k < count * 2; ++k)
        s.insert((k * n) / count + (k * 2654435761u) % std::max<size_t>(1, n / count));
    items.assign(s.begin(), s.end());
    items.erase(std::remove_if(items.begin(), items.end(), [n](size_t i) { return i >= n; }),
                items.end());
    return items;
}

Verification compare_exact(const std::vector<size_t>& items, size_t words_per_item,
                           const std::vector<uint64_t>& got, const std::vector<uint64_t>& expected,
                           WordKind kind) {
    Verification v;
    // Whether every expected word is the same, without a set of millions of words (it took
    // seconds for an atomic or image entry's output).
    bool all_equal = true;
    for (size_t i = 0; i < items.size(); ++i) {
        for (size_t w = 0; w < words_per_item; ++w) {
            const size_t k = i * words_per_item + w;
            ++v.checked;
            all_equal = all_equal && expected[k] == expected[0];
            if (word_not_finite(expected[k], kind) && v.degenerate.empty())
                v.degenerate = "expected value of item " + std::to_string(items[i]) +
                               " is not finite: " + describe_word(expected[k], kind);
            if (got[k] != expected[k]) {
                if (v.mismatches++ == 0)
                    v.first_mismatch = "item " + std::to_string(items[i]) + " word " +
                                       std::to_string(w) + ": got " + describe_word(got[k], kind) +
                                       ", expected " + describe_word(expected[k], kind);
            }
        }
    }
    if (v.checked > 1 && all_equal && v.degenerate.empty())
        v.degenerate = "all expected values are equal (" + describe_word(expected[0], kind) +
                       "): the check would prove nothing";
    return v;
}

std::vector<uint64_t> expected_words(const std::vector<size_t>& items, size_t words_per_item,
                                     const std::function<void(size_t, uint64_t*)>& reference) {
    std::vector<uint64_t> expected(items.size() * words_per_item);
    parallel_for(items.size(), [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i)
            reference(items[i], &expected[i * words_per_item]);
    });
    return expected;
}

void apply_verification(Measurement& m, const std::string& noun) {
    const Verification& v = m.verification;
    m.status = v.passed() ? Status::Ok : Status::VerifyFailed;
    if (v.passed()) return;
    if (!v.first_mismatch.empty())
        m.reason = std::to_string(v.mismatches) + " of " + std::to_string(v.checked) + " " + noun +
                   " differ; first: " + v.first_mismatch;
    else if (!v.degenerate.empty())
        m.reason = v.degenerate;
    else
        m.reason = "nothing was checked";
}

} // namespace clgauge
