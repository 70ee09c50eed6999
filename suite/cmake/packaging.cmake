# `cmake --install` and CPack (DEB and TGZ): clgauge in bin/, the baselines and known-failure
# lists in share/clgauge/baselines (found by the installed clgauge: base/install_layout.hpp),
# and the device-bound test suite: its programs in lib/clgauge/, its CTest file and data in
# share/clgauge/tests/, so that `ctest --test-dir <prefix>/share/clgauge/tests` (or
# clgauge-suite) runs it from wherever the tree lies (docs/ci.md).
# The directories must match base/install_layout.hpp (kInstalled*Dir); the package test
# (suite/tests/package_test.sh) fails when they do not.
install(TARGETS clgauge RUNTIME DESTINATION bin)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/baselines/ DESTINATION share/clgauge/baselines)

# The installed labels. unit (it reads the source tree), isa (ocloc), oclgrind (the
# simulator), ci (the dashboard builds the source) and package stay in the build tree.
set(CLGAUGE_INSTALLED_LABELS conformance perf selftest sweep cli)
set(CLGAUGE_TEST_PROGRAMS clgauge_conformance_tests clgauge_perf_tests clgauge_perf_measure clgauge_selftests
                          clgauge_timed_selftests clgauge_sweep_tests)
# What the installed cli cases read from suite/tests (CMakeLists.txt: a file that is no report).
set(CLGAUGE_TEST_FILES data CMakeLists.txt cli_resource_spec.sh signal_test.sh output_paths_test.sh
                       concurrent_record_test.sh)
if(CLGAUGE_BUILD_TESTS)
  install(PROGRAMS ${CMAKE_SOURCE_DIR}/scripts/clgauge-suite DESTINATION bin)
  # The CDash client, which runs the installed suite on a fleet host (scripts/fleet-host).
  install(FILES ${CMAKE_SOURCE_DIR}/scripts/dashboard.cmake DESTINATION share/clgauge)
  install(TARGETS ${CLGAUGE_TEST_PROGRAMS} RUNTIME DESTINATION lib/clgauge)
  # The same list the installed CTest file's paths are relocated by.
  foreach(item IN LISTS CLGAUGE_TEST_FILES)
    if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/suite/tests/${item})
      install(DIRECTORY ${CMAKE_SOURCE_DIR}/suite/tests/${item} DESTINATION share/clgauge/tests)
    else()
      install(FILES ${CMAKE_SOURCE_DIR}/suite/tests/${item} DESTINATION share/clgauge/tests)
    endif()
  endforeach()
  install(CODE "
    set(CLGAUGE_CTEST [[${CMAKE_CTEST_COMMAND}]])
    set(CLGAUGE_BUILD_DIR [[${CMAKE_BINARY_DIR}]])
    set(CLGAUGE_SOURCE_DIR [[${CMAKE_SOURCE_DIR}]])
    set(CLGAUGE_INSTALLED_LABELS [[${CLGAUGE_INSTALLED_LABELS}]])
    set(CLGAUGE_TEST_PROGRAMS [[${CLGAUGE_TEST_PROGRAMS}]])
    set(CLGAUGE_TEST_FILES [[${CLGAUGE_TEST_FILES}]])
    include([[${CMAKE_SOURCE_DIR}/suite/cmake/install_test_suite.cmake]])")
endif()

set(CPACK_GENERATOR DEB TGZ)
set(CPACK_PACKAGE_NAME clgauge)
set(CPACK_PACKAGE_VENDOR clgauge)
set(CPACK_PACKAGE_CONTACT "clgauge maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "OpenCL micro-benchmark, conformance and regression suite, with its installed tests")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Depends: the shared libraries the programs link (dpkg-shlibdeps): the OpenCL ICD loader,
# libstdc++, libgcc, libc. GoogleTest is linked statically; nlohmann_json and CLHPP are
# headers. ctest runs the installed suite (cmake), sh its cli cases; the driver is the device's.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS cmake)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "opencl-icd, gnuplot-nox")
include(CPack)
