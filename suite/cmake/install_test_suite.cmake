# Writes the installed test suite's CTest file, <prefix>/share/clgauge/tests/CTestTestfile.cmake,
# at install time (packaging.cmake's install(CODE)). The build tree's registration
# (`ctest --show-only=json-v1`: every case's command, labels, regexes, timeouts, resource
# locks or groups) is written again with its paths relative to the file itself, so that
# `ctest --test-dir <prefix>/share/clgauge/tests` runs the same cases, with the same labels,
# wherever the tree was unpacked and with no source or build tree present.
#
# Inputs (set by the caller): CLGAUGE_CTEST, CLGAUGE_BUILD_DIR, CLGAUGE_SOURCE_DIR,
# CLGAUGE_INSTALLED_LABELS (the labels installed), CLGAUGE_TEST_PROGRAMS (test programs
# installed in <prefix>/lib/clgauge), CLGAUGE_TEST_FILES (files of suite/tests installed beside
# the CTest file). A case whose command still names the source or build tree after that
# (it needs something not installed) is left out and named in the file.
cmake_minimum_required(VERSION 3.20)

set(out_dir "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/share/clgauge/tests")
execute_process(COMMAND "${CLGAUGE_CTEST}" --show-only=json-v1
                WORKING_DIRECTORY "${CLGAUGE_BUILD_DIR}"
                OUTPUT_VARIABLE json ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install_test_suite: ctest --show-only=json-v1 in ${CLGAUGE_BUILD_DIR} "
                      "failed (${rc}): ${err}")
endif()

# Build and source paths, most specific first, and what they become. @PREFIX@ and @TESTS@
# stand for the install prefix and the installed tests folder until the text is escaped.
set(from_paths)
set(to_paths)
foreach(program IN LISTS CLGAUGE_TEST_PROGRAMS)
  list(APPEND from_paths "${CLGAUGE_BUILD_DIR}/suite/tests/${program}")
  list(APPEND to_paths "@PREFIX@/lib/clgauge/${program}")
endforeach()
list(APPEND from_paths "${CLGAUGE_BUILD_DIR}/clgauge")
list(APPEND to_paths "@PREFIX@/bin/clgauge")
foreach(file IN LISTS CLGAUGE_TEST_FILES)
  list(APPEND from_paths "${CLGAUGE_SOURCE_DIR}/suite/tests/${file}")
  list(APPEND to_paths "@TESTS@/${file}")
endforeach()

# `text` as a CMake quoted argument, with the placeholders turned into variable references.
function(relocated_argument out text)
  foreach(from to IN ZIP_LISTS from_paths to_paths)
    string(REPLACE "${from}" "${to}" text "${text}")
  endforeach()
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "$" "\\$" text "${text}")
  string(REPLACE "@PREFIX@" "\${clgauge_prefix}" text "${text}")
  string(REPLACE "@TESTS@" "\${clgauge_tests}" text "${text}")
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()

# A property's JSON value as the text set_tests_properties takes: lists joined with ';',
# resource groups back in their "gpus:1" form, booleans and numbers as they are.
function(property_text out property_json)
  string(JSON name GET "${property_json}" name)
  string(JSON type TYPE "${property_json}" value)
  if(NOT type STREQUAL "ARRAY")
    string(JSON value GET "${property_json}" value)
    set(${out} "${value}" PARENT_SCOPE)
    return()
  endif()
  string(JSON count LENGTH "${property_json}" value)
  set(items)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      if(name STREQUAL "RESOURCE_GROUPS")
        string(JSON group GET "${property_json}" value ${i} requirements)
        string(JSON nreq LENGTH "${group}")
        math(EXPR rlast "${nreq} - 1")
        set(reqs)
        foreach(r RANGE ${rlast})
          string(JSON rtype GET "${group}" ${r} ".type")
          string(JSON slots GET "${group}" ${r} slots)
          list(APPEND reqs "${rtype}:${slots}")
        endforeach()
        list(JOIN reqs "," item)
      else()
        string(JSON item GET "${property_json}" value ${i})
      endif()
      list(APPEND items "${item}")
    endforeach()
  endif()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()

set(body "")
set(left_out "")
set(kept 0)
string(JSON ntests LENGTH "${json}" tests)
math(EXPR last_test "${ntests} - 1")
foreach(t RANGE ${last_test})
  string(JSON test GET "${json}" tests ${t})
  string(JSON name GET "${test}" name)
  set(labels "")
  set(props "")
  string(JSON nprops ERROR_VARIABLE no_props LENGTH "${test}" properties)
  if(no_props)
    set(nprops 0)
  endif()
  if(nprops GREATER 0)
    math(EXPR last_prop "${nprops} - 1")
    foreach(p RANGE ${last_prop})
      string(JSON prop GET "${test}" properties ${p})
      string(JSON pname GET "${prop}" name)
      property_text(value "${prop}")
      if(pname STREQUAL "LABELS")
        set(labels "${value}")
      endif()
      # ctest reports every case's working directory: by default the build directory that
      # registered it. The installed cases run where ctest runs them (a directory the user
      # can write: clgauge-suite's work directory).
      string(FIND "${value}/" "${CLGAUGE_BUILD_DIR}/" in_build)
      if(pname STREQUAL "_BACKTRACE_TRIPLES" OR
         (pname STREQUAL "WORKING_DIRECTORY" AND in_build EQUAL 0))
        continue()
      endif()
      relocated_argument(arg "${value}")
      string(APPEND props " ${pname} ${arg}")
    endforeach()
  endif()
  set(installed_label FALSE)
  foreach(label IN LISTS labels)
    if(label IN_LIST CLGAUGE_INSTALLED_LABELS)
      set(installed_label TRUE)
    endif()
  endforeach()
  if(NOT installed_label)
    continue()
  endif()
  # ctest gives no command for a case whose program it cannot find (not built).
  string(JSON nargs ERROR_VARIABLE no_command LENGTH "${test}" command)
  if(no_command)
    string(APPEND left_out "#   ${name} (its program was not built)\n")
    continue()
  endif()
  set(command "")
  math(EXPR last_arg "${nargs} - 1")
  foreach(a RANGE ${last_arg})
    string(JSON arg GET "${test}" command ${a})
    relocated_argument(arg "${arg}")
    string(APPEND command " ${arg}")
  endforeach()
  string(FIND "${command}${props}" "${CLGAUGE_SOURCE_DIR}" at_source)
  string(FIND "${command}${props}" "${CLGAUGE_BUILD_DIR}" at_build)
  if(NOT at_source EQUAL -1 OR NOT at_build EQUAL -1)
    string(APPEND left_out "#   ${name}\n")
    continue()
  endif()
  string(APPEND body "add_test([=[${name}]=]${command})\n")
  if(props)
    string(APPEND body "set_tests_properties([=[${name}]=] PROPERTIES${props})\n")
  endif()
  math(EXPR kept "${kept} + 1")
endforeach()

file(MAKE_DIRECTORY "${out_dir}")
file(WRITE "${out_dir}/CTestTestfile.cmake"
  "# clgauge's installed test suite (labels: ${CLGAUGE_INSTALLED_LABELS}), written at install\n"
  "# time by suite/cmake/install_test_suite.cmake: ctest --test-dir <this directory> [-L label].\n"
  "# Paths are relative to this file, so the tree runs wherever it is unpacked.\n"
  "# Left out, needing the source or build tree:\n${left_out}"
  "# ctest reads this file from its own directory, with CMAKE_CURRENT_LIST_DIR empty unless\n"
  "# another file includes it (clgauge-suite): the path of the file itself is known either way.\n"
  "file(REAL_PATH \"\${CMAKE_CURRENT_LIST_FILE}\" clgauge_tests)\n"
  "get_filename_component(clgauge_tests \"\${clgauge_tests}\" DIRECTORY)\n"
  "get_filename_component(clgauge_prefix \"\${clgauge_tests}/../../..\" ABSOLUTE)\n"
  "${body}")
message(STATUS "Installing: ${out_dir}/CTestTestfile.cmake (${kept} cases)")
