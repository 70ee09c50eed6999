# CTest dashboard client (docs/ci.md): configures, builds and tests clgauge, and submits the
# results to a CDash server, the usual collector of CTest results from a fleet of machines.
#
#   ctest -S scripts/dashboard.cmake -DCLGAUGE_CDASH_URL='https://cdash.example/submit.php?project=clgauge'
#
# Variables (-DNAME=VALUE before -S, or the environment variable of the same name):
#   CLGAUGE_CDASH_URL        the server's submit URL; unset: everything but the submission,
#                            the files stay in <binary dir>/Testing/<tag>/
#   CLGAUGE_DASHBOARD_DIR    build directory (default <source>/build-dashboard)
#   CLGAUGE_DASHBOARD_MODEL  Experimental (default), Nightly or Continuous
#   CLGAUGE_DASHBOARD_LABELS ctest label regex (default: every label)
#   CLGAUGE_DASHBOARD_TESTS  ctest name regex (default: every test)
#   CLGAUGE_RESOURCE_SPEC    a resource spec file (clgauge --resource-spec): configures with
#                            CLGAUGE_RESOURCE_GROUPS and spreads the device suites over it
#   CLGAUGE_DEVICE           the device the suites run on, named in the build name
#   CLGAUGE_DASHBOARD_SUITE  an installed test suite (<prefix>/share/clgauge/tests) to run
#                            instead of configuring and building: what a fleet host with the
#                            package does (scripts/fleet-host); the build directory is then
#                            the suite's work directory (default ./clgauge-dashboard)
#   CLGAUGE_DASHBOARD_JUNIT  also write the results as a JUnit report to this file
cmake_minimum_required(VERSION 3.21)

function(clgauge_setting name default)
  if(NOT DEFINED ${name})
    if(DEFINED ENV{${name}} AND NOT "$ENV{${name}}" STREQUAL "")
      set(${name} "$ENV{${name}}" PARENT_SCOPE)
    else()
      set(${name} "${default}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

clgauge_setting(CLGAUGE_DASHBOARD_SUITE "")
clgauge_setting(CLGAUGE_DASHBOARD_JUNIT "")
if(CLGAUGE_DASHBOARD_SUITE)
  get_filename_component(CTEST_SOURCE_DIRECTORY "${CLGAUGE_DASHBOARD_SUITE}" ABSOLUTE)
  if(NOT EXISTS "${CTEST_SOURCE_DIRECTORY}/CTestTestfile.cmake")
    message(FATAL_ERROR "dashboard: no installed test suite in ${CTEST_SOURCE_DIRECTORY}")
  endif()
  clgauge_setting(CLGAUGE_DASHBOARD_DIR "$ENV{PWD}/clgauge-dashboard")
else()
  get_filename_component(CTEST_SOURCE_DIRECTORY "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
  clgauge_setting(CLGAUGE_DASHBOARD_DIR "${CTEST_SOURCE_DIRECTORY}/build-dashboard")
endif()
clgauge_setting(CLGAUGE_CDASH_URL "")
clgauge_setting(CLGAUGE_DASHBOARD_MODEL Experimental)
clgauge_setting(CLGAUGE_DASHBOARD_LABELS "")
clgauge_setting(CLGAUGE_DASHBOARD_TESTS "")
clgauge_setting(CLGAUGE_RESOURCE_SPEC "")
clgauge_setting(CLGAUGE_DEVICE "default-device")

set(CTEST_BINARY_DIRECTORY "${CLGAUGE_DASHBOARD_DIR}")
set(CTEST_CMAKE_GENERATOR "Unix Makefiles")
cmake_host_system_information(RESULT host QUERY HOSTNAME)
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
set(CTEST_SITE "${host}")
# CDash groups results by build name: one row per machine and device.
string(REGEX REPLACE "[^A-Za-z0-9_.-]+" "_" device_tag "${CLGAUGE_DEVICE}")
set(CTEST_BUILD_NAME "clgauge-${device_tag}")
set(CTEST_SUBMIT_URL "${CLGAUGE_CDASH_URL}")

set(configure_options -DCMAKE_BUILD_TYPE=Release)
set(test_options PARALLEL_LEVEL ${cores})
if(CLGAUGE_RESOURCE_SPEC)
  list(APPEND configure_options -DCLGAUGE_RESOURCE_GROUPS=ON)
  list(APPEND test_options RESOURCE_SPEC_FILE "${CLGAUGE_RESOURCE_SPEC}")
endif()
if(CLGAUGE_DASHBOARD_JUNIT)
  list(APPEND test_options OUTPUT_JUNIT "${CLGAUGE_DASHBOARD_JUNIT}")
endif()
if(CLGAUGE_DASHBOARD_LABELS)
  list(APPEND test_options INCLUDE_LABEL "${CLGAUGE_DASHBOARD_LABELS}")
endif()
if(CLGAUGE_DASHBOARD_TESTS)
  list(APPEND test_options INCLUDE "${CLGAUGE_DASHBOARD_TESTS}")
endif()

ctest_start(${CLGAUGE_DASHBOARD_MODEL})
if(CLGAUGE_DASHBOARD_SUITE)
  # The installed suite, as clgauge-suite runs it: a work directory whose CTest file includes it.
  file(MAKE_DIRECTORY "${CTEST_BINARY_DIRECTORY}")
  file(WRITE "${CTEST_BINARY_DIRECTORY}/CTestTestfile.cmake"
       "include(\"${CTEST_SOURCE_DIRECTORY}/CTestTestfile.cmake\")\n")
else()
  ctest_configure(OPTIONS "${configure_options}" RETURN_VALUE configured)
  if(NOT configured EQUAL 0)
    message(FATAL_ERROR "dashboard: configure failed (${configured})")
  endif()
  ctest_build(PARALLEL_LEVEL ${cores} NUMBER_ERRORS build_errors RETURN_VALUE built)
  if(NOT built EQUAL 0 OR build_errors GREATER 0)
    message(SEND_ERROR "dashboard: build failed (${build_errors} errors)")
  endif()
endif()
ctest_test(${test_options} RETURN_VALUE tested)

file(READ "${CTEST_BINARY_DIRECTORY}/Testing/TAG" tag_file)
string(REGEX MATCH "^[^\n]*" tag "${tag_file}")
set(files "${CTEST_BINARY_DIRECTORY}/Testing/${tag}")
if(CLGAUGE_CDASH_URL)
  ctest_submit(RETURN_VALUE submitted)
  if(NOT submitted EQUAL 0)
    message(SEND_ERROR "dashboard: submission to ${CLGAUGE_CDASH_URL} failed; files in ${files}")
  endif()
else()
  message(NOTICE "dashboard: no CLGAUGE_CDASH_URL, nothing submitted; would submit ${files}/")
endif()
if(NOT tested EQUAL 0)
  message(SEND_ERROR "dashboard: tests failed")
endif()
