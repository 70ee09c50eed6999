// label unit: the harness contract (measure/measurement_driver.hpp: KernelHarness) is a
// harness's kernel in a few parts, not a bag of knobs: at most six members, counted from the
// type itself (the most initializers its aggregate initialization takes).
#include "measure/measurement_driver.hpp"

#include <cstddef>
#include <gtest/gtest.h>
#include <utility>

namespace clgauge {
namespace {

// Converts to any member's type, so that T{Any, ...} is valid while there is a member left.
struct Any {
    template <class U> operator U() const;
};

template <class T, size_t... I> constexpr bool takes(std::index_sequence<I...>) {
    return requires {
        T{(void(I), Any{})...};
    };
}

// The members of aggregate T: the most initializers it takes.
template <class T, size_t N = 0> constexpr size_t member_count() {
    if constexpr (takes<T>(std::make_index_sequence<N + 1>{}))
        return member_count<T, N + 1>();
    else
        return N;
}

constexpr size_t kMostHarnessMembers = 6;

TEST(HarnessContract, AKernelHarnessHasAtMostSixMembers) {
    EXPECT_LE(member_count<KernelHarness>(), kMostHarnessMembers);
}

// The count is the type's: planted contracts of seven and of one member are counted so.
struct SevenKnobs {
    Enqueue enqueue;
    TimedLaunches timed;
    GrowLaunch grow, shrink;
    bool pinned = false;
    int warmups = 0, reps = 0;
};
struct OneKnob {
    Enqueue enqueue;
};
TEST(HarnessContract, TheMembersAreCountedFromTheType) {
    EXPECT_EQ(member_count<SevenKnobs>(), 7u);
    EXPECT_GT(member_count<SevenKnobs>(), kMostHarnessMembers);
    EXPECT_EQ(member_count<OneKnob>(), 1u);
    EXPECT_EQ(member_count<LaunchSizing>(), 5u);
}

} // namespace
} // namespace clgauge
