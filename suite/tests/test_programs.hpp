// The programs the tests that drive clgauge's real programs start: beside the install prefix
// when the test program is installed (base/install_layout.hpp), else where the build put them
// (the CLGAUGE_* paths the build gives the test target). An installed suite takes ctest from
// PATH, and the perf cases' registration from the installed CTest file.
#pragma once
#include "base/install_layout.hpp"

#include <string>

namespace clgauge::test {

#ifdef CLGAUGE_BINARY
inline std::string clgauge_program() {
    return installed_or_built(install_prefix(), std::string(kInstalledBinDir) + "/clgauge",
                              CLGAUGE_BINARY);
}
#endif
#ifdef CLGAUGE_PERF_TESTS_BINARY
inline std::string perf_tests_program() {
    return installed_or_built(install_prefix(),
                              std::string(kInstalledLibDir) + "/clgauge_perf_tests",
                              CLGAUGE_PERF_TESTS_BINARY);
}
inline std::string ctest_program() {
    return install_prefix() ? "ctest" : CLGAUGE_CTEST;
}
inline std::string perf_ctest_file() {
    return installed_or_built(install_prefix(),
                              std::string(kInstalledShareDir) + "/tests/CTestTestfile.cmake",
                              CLGAUGE_PERF_CTEST_FILE);
}
#endif

} // namespace clgauge::test
