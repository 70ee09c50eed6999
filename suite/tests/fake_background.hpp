// Background work for tests: `held` says whether the run holds it; a hold that does nothing
// (hold_works false) is the planted twin of work that ignores it.
#pragma once
#include "measure/background_work.hpp"

namespace clgauge::test {

struct FakeBackground {
    bool held = false;
    int holds = 0; // times it went from going to held
    BackgroundWorkScope scope;
    FakeBackground(bool hold_works, bool shares_device)
        : scope({.hold =
                     [this, hold_works] {
                         holds += held ? 0 : 1;
                         held = held || hold_works;
                     },
                 .release = [this] { held = false; },
                 .going = [this] { return !held; },
                 .shares_device = shares_device}) {}
    FakeBackground(const FakeBackground&) = delete;
    FakeBackground& operator=(const FakeBackground&) = delete;
};

} // namespace clgauge::test
